import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('passes the page to return to in the login URL', () => {
    expect(paths.auth.login.getHref()).toBe('/auth/login');
    expect(paths.auth.login.getHref('/projects/p1?tab=notes')).toBe('/auth/login?redirect=%2Fprojects%2Fp1%3Ftab%3Dnotes');
  });

  it('encodes ids', () => {
    expect(paths.app.projectTask.getHref('p 1', 't/2')).toBe('/projects/p%201/tasks/t%2F2');
  });
});
