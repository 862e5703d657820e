import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { historyFields, HISTORY_TEXT_MAX_LENGTH } from '../../shared/schemas/task-history.js';
import { aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('./project-children.js');
const { decodeImages } = await import('./stream-changes.js');
const { changedFields, taskHistoryOf } = await import('./task-history.js');

const historyOf = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) => {
  const change = decodeImages(before, after);
  return change ? taskHistoryOf(change) : undefined;
};

const task = childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1', title: 'Ship', createdBy: 'ana', createdAt: '2026-11-23T09:00:00Z', updatedAt: '2026-11-23T09:00:00Z' }));
const edited = (fields: Record<string, unknown>) => ({ ...task, ...fields, updatedBy: 'ben', updatedAt: '2026-11-23T10:00:00Z', version: 2 });

describe('taskHistoryOf', () => {
  it('reads a new task as created by its author at its first version', () => {
    expect(historyOf(undefined, task)).toEqual({ workspaceId: 'w1', taskId: 't1', version: 1, kind: 'created', actorId: 'ana', at: '2026-11-23T09:00:00Z', changes: [] });
  });

  it('reads an edit as the fields it changed, from what to what, by whoever wrote it', () => {
    expect(historyOf(task, edited({ priority: 'high', dueDate: '2026-12-01', completed: true, status: 'completed', labelIds: ['l2', 'l1'] }))).toEqual({
      workspaceId: 'w1',
      taskId: 't1',
      version: 2,
      kind: 'changed',
      actorId: 'ben',
      at: '2026-11-23T10:00:00Z',
      changes: [
        { field: 'status', from: 'todo', to: 'completed' },
        { field: 'completed', from: false, to: true },
        { field: 'priority', from: 'medium', to: 'high' },
        { field: 'dueDate', from: null, to: '2026-12-01' },
        { field: 'labelIds', from: [], to: ['l1', 'l2'] },
      ],
    });
  });

  it('keeps a long description up to its limit, and records nothing for a write nobody sees', () => {
    const long = 'x'.repeat(HISTORY_TEXT_MAX_LENGTH * 3);
    expect(historyOf(task, edited({ description: long }))?.changes).toEqual([{ field: 'description', from: '', to: 'x'.repeat(HISTORY_TEXT_MAX_LENGTH) }]);
    expect(historyOf(task, edited({ position: 2048 }))).toBeUndefined();
  });

  it('reads a move as the new item in the other project, naming the project it left; a deletion, or a task put back, as nothing', async () => {
    const there = childItem('task', 'w1', aTask({ id: 't1', projectId: 'p2', createdBy: 'ana', version: 2, updatedAt: '2026-11-23T11:00:00Z' }));
    expect(historyOf(undefined, { ...there, updatedBy: 'ben', movedFrom: 'p1' })).toEqual({
      workspaceId: 'w1',
      taskId: 't1',
      version: 2,
      kind: 'moved',
      actorId: 'ben',
      at: '2026-11-23T11:00:00Z',
      changes: [{ field: 'projectId', from: 'p1', to: 'p2' }],
    });
    expect(historyOf(task, undefined)).toBeUndefined();
    // An Undo's or a migration's put of a task past its first version is no move.
    expect(historyOf(undefined, there)).toBeUndefined();
  });

  it('takes nothing from other entities or unreadable images', () => {
    expect(historyOf(undefined, { PK: 'USER#x', SK: 'PROFILE', entity: 'Profile', userId: 'x' })).toBeUndefined();
    expect(historyOf(task, { ...task, title: 42, version: 2 })).toBeUndefined();
  });
});

describe('changedFields', () => {
  const priorities = fc.constantFrom('low' as const, 'medium' as const, 'high' as const);
  const taskFields = fc.record({
    title: fc.string({ minLength: 1, maxLength: 20 }),
    priority: priorities,
    dueDate: fc.option(fc.constantFrom('2026-12-01', '2026-12-02'), { nil: null }),
    assignedTo: fc.option(fc.constantFrom('ana', 'ben'), { nil: null }),
    completed: fc.boolean(),
    labelIds: fc.uniqueArray(fc.constantFrom('l1', 'l2', 'l3')),
  });

  it('names exactly the fields that differ, each once, and none between a task and itself', () => {
    fc.assert(
      fc.property(taskFields, taskFields, (a, b) => {
        const [before, after] = [aTask(a), aTask(b)];
        const changes = changedFields(before, after);
        expect(changedFields(before, before)).toEqual([]);
        expect(new Set(changes.map((change) => change.field)).size).toBe(changes.length);
        expect(changes.every((change) => historyFields.includes(change.field) && JSON.stringify(change.from) !== JSON.stringify(change.to))).toBe(true);
        const differs = (['title', 'priority', 'dueDate', 'assignedTo', 'completed'] as const).filter((field) => a[field] !== b[field]);
        const labelsDiffer = [...a.labelIds].sort().join() !== [...b.labelIds].sort().join();
        expect(changes.map((change) => change.field).sort()).toEqual([...differs, ...(labelsDiffer ? ['labelIds'] : [])].sort());
      }),
    );
  });
});
