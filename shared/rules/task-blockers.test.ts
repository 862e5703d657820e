import { describe, expect, it } from 'vitest';
import { blockersFollowing } from './task-blockers.js';

describe('blockersFollowing', () => {
  const moved = new Map([
    ['a', 'p2'],
    ['b', 'p1'],
  ]);

  it('names the new project of each moved blocker and keeps the others as they are, in order', () => {
    const refs = [
      { projectId: 'p1', taskId: 'a' },
      { projectId: 'p3', taskId: 'c' },
      { projectId: 'p3', taskId: 'b' },
    ];
    expect(blockersFollowing(refs, moved)).toEqual([
      { projectId: 'p2', taskId: 'a' },
      { projectId: 'p3', taskId: 'c' },
      { projectId: 'p1', taskId: 'b' },
    ]);
  });

  it('answers undefined when nothing changes: no blockers, none moved, or the refs name the new project already', () => {
    expect(blockersFollowing(undefined, moved)).toBeUndefined();
    expect(blockersFollowing([{ projectId: 'p3', taskId: 'c' }], moved)).toBeUndefined();
    expect(blockersFollowing([{ projectId: 'p2', taskId: 'a' }], moved)).toBeUndefined();
  });
});
