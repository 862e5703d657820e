import { describe, expect, it } from 'vitest';
import { projectIdInPath } from './route-prefetch';

describe('projectIdInPath', () => {
  it('finds the project of a project page, its task dialog, and the mobile project page', () => {
    expect(projectIdInPath('/projects/p-1')).toBe('p-1');
    expect(projectIdInPath('/projects/p-1/tasks/t-9')).toBe('p-1');
    expect(projectIdInPath('/mobile/projects/p-2')).toBe('p-2');
  });

  it('finds none elsewhere', () => {
    expect(projectIdInPath('/projects')).toBeUndefined();
    expect(projectIdInPath('/projects/new')).toBeUndefined();
    expect(projectIdInPath('/dashboard')).toBeUndefined();
  });
});
