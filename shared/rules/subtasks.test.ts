import { describe, expect, it } from 'vitest';
import { aTask } from '../testing/project-views.js';
import { plannedAsWork, positionAt, subtaskProgress, subtasksOf, topLevelTasks, withParent } from './subtasks.js';

const parent = aTask({ id: 'parent' });
const first = aTask({ id: 'first', parentId: 'parent', position: 2048, completed: true });
const second = aTask({ id: 'second', parentId: 'parent', position: 1024 });
const orphan = aTask({ id: 'orphan', parentId: 'deleted' });
const tasks = [parent, first, second, orphan, aTask({ id: 'other' })];

describe('sub-tasks', () => {
  it('sets, clears and keeps the parent', () => {
    expect(withParent(parent, 'p2')).toMatchObject({ parentId: 'p2' });
    expect(withParent(first, null)).not.toHaveProperty('parentId');
    expect(withParent(first, undefined)).toBe(first);
  });

  it("lists a parent's sub-tasks in their order", () => {
    expect(subtasksOf(tasks, 'parent').map((task) => task.id)).toEqual(['second', 'first']);
  });

  it('counts progress, none for a task without sub-tasks', () => {
    expect(subtaskProgress(tasks, 'parent')).toEqual({ done: 1, total: 2 });
    expect(subtaskProgress(tasks, 'other')).toBeUndefined();
  });

  it('keeps the tasks of their own for the board, and a sub-task whose parent is gone', () => {
    expect(topLevelTasks(tasks).map((task) => task.id)).toEqual(['parent', 'orphan', 'other']);
  });

  it('places a sub-task between its new neighbours, or past either end', () => {
    const ordered = [aTask({ id: 'a', position: 100 }), aTask({ id: 'b', position: 200 }), aTask({ id: 'c', position: 300 })];
    expect(positionAt(ordered, 'c', 0)).toBe(100 - 1024);
    expect(positionAt(ordered, 'a', 1)).toBe(250);
    expect(positionAt(ordered, 'a', 2)).toBe(300 + 1024);
    expect(positionAt(ordered, 'b', 0)).toBe(100 - 1024);
  });

  it('plans the open sub-tasks instead of their parent, each undated one due when the parent is', () => {
    const launch = aTask({ id: 'launch', dueDate: '2026-12-10', timeEstimate: 300 });
    const venue = aTask({ id: 'venue', parentId: 'launch', timeEstimate: 60 });
    const invites = aTask({ id: 'invites', parentId: 'launch', dueDate: '2026-12-04' });
    const solo = aTask({ id: 'solo' });
    const open = [launch, venue, invites, solo];
    expect(plannedAsWork(open, open)).toEqual([{ ...venue, dueDate: '2026-12-10' }, invites, solo]);
    // A member's own plan: the parent is theirs, its open sub-tasks someone else's; it is still not planned.
    expect(plannedAsWork([launch, solo], open)).toEqual([solo]);
    // Once its sub-tasks are done (not open), the parent is planned again.
    expect(plannedAsWork([launch], [launch])).toEqual([launch]);
  });
});
