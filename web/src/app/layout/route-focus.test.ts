import { describe, expect, it } from 'vitest';
import { pageOf } from './route-focus';

describe('pageOf', () => {
  it('counts the task dialog URL as its project page, so opening or closing the dialog is no page change', () => {
    expect(pageOf('/projects/p1/tasks/t1')).toBe('/projects/p1');
    expect(pageOf('/projects/p1')).toBe('/projects/p1');
  });

  it('tells other pages apart, ignoring a trailing slash', () => {
    expect(pageOf('/projects/p1/')).toBe('/projects/p1');
    expect(pageOf('/projects/p2')).not.toBe(pageOf('/projects/p1/tasks/t1'));
    expect(pageOf('/projects')).not.toBe(pageOf('/projects/new'));
    expect(pageOf('/')).toBe('/');
  });
});
