import { describe, expect, it } from 'vitest';
import { blockersFollowing, cyclePath } from './task-blockers.js';

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

describe('cyclePath', () => {
  // A waits for B, B for C and D, D for A; E waits for nothing.
  const graph: Record<string, readonly string[]> = { A: ['B'], B: ['C', 'D'], C: [], D: ['A'], E: [] };
  const blockersOf = (id: string) => graph[id] ?? [];

  it('finds the shortest way from a would-be blocker back to the task: the cycle the new blocker would close', () => {
    // E blocked by A would be fine (nothing leads from A to E); A blocked by D closes A → B → D → A.
    expect(cyclePath('E', 'A', blockersOf)).toBeUndefined();
    expect(cyclePath('D', 'A', blockersOf)).toEqual(['A', 'B', 'D']);
    expect(cyclePath('A', 'A', blockersOf)).toEqual(['A']);
  });

  it('ends on a graph that already holds a cycle (two edits at once) and on a blocker of no blockers', () => {
    expect(cyclePath('E', 'B', blockersOf)).toBeUndefined();
    expect(cyclePath('B', 'C', blockersOf)).toBeUndefined();
  });
});
