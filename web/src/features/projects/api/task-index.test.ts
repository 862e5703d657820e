import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { newestOnce } from './task-index';

describe('newestOnce', () => {
  it('keeps each task once, in its newest version, where it first appeared', () => {
    const open = aTask({ id: 't1', version: 1, completed: false });
    const completed = aTask({ id: 't1', version: 2, completed: true });
    const other = aTask({ id: 't2', version: 1 });
    expect(newestOnce([open, other, completed])).toEqual([completed, other]);
    expect(newestOnce([completed, other, open])).toEqual([completed, other]);
  });
});
