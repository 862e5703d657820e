import { describe, expect, it } from 'vitest';
import { aTask } from '../testing/project-views.js';
import { bulkUpdateTasksInput, MAX_BULK_TASKS } from '../schemas/task-bulk.js';
import { overLabelled, withBulkChange } from './bulk-change.js';

const now = '2026-12-07T10:00:00.000Z';

describe('withBulkChange', () => {
  it('sets the fields sent and keeps the rest ("mixed" fields are not sent)', () => {
    const task = aTask({ priority: 'low', dueDate: '2026-12-01', assignedTo: 'ann', title: 'Keep me' });
    expect(withBulkChange(task, { priority: 'high' }, now)).toEqual({ ...task, priority: 'high' });
    expect(withBulkChange(task, { dueDate: null, assignedTo: null }, now)).toEqual({ ...task, dueDate: null, assignedTo: null });
  });

  it('adds labels once and removes labels, dropping the attribute when none is left', () => {
    const task = aTask({ labelIds: ['a', 'b'] });
    expect(withBulkChange(task, { addLabelIds: ['b', 'c'], removeLabelIds: ['a'] }, now).labelIds).toEqual(['b', 'c']);
    expect(withBulkChange(task, { removeLabelIds: ['a', 'b'] }, now)).not.toHaveProperty('labelIds');
    expect(withBulkChange(aTask(), { addLabelIds: ['x'] }, now).labelIds).toEqual(['x']);
  });

  it('completes and reopens by the completion rules: a task already completed keeps its completion time', () => {
    const open = aTask({ status: 'in_progress' });
    expect(withBulkChange(open, { completed: true }, now)).toMatchObject({ status: 'completed', completed: true, completedAt: now });
    expect(withBulkChange(open, { status: 'todo' }, now)).toMatchObject({ status: 'todo', completed: false, completedAt: null });
    const done = aTask({ status: 'completed', completed: true, completedAt: '2026-12-01T00:00:00.000Z' });
    expect(withBulkChange(done, { status: 'completed' }, now).completedAt).toBe('2026-12-01T00:00:00.000Z');
    expect(withBulkChange(done, { completed: false, status: 'in_progress' }, now)).toMatchObject({ status: 'in_progress', completed: false, completedAt: null });
  });

  it('finds the tasks the change would give more than 10 labels', () => {
    const full = aTask({ id: 'full', labelIds: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] });
    const changed = [full, aTask({ id: 'few' })].map((task) => withBulkChange(task, { addLabelIds: ['11'] }, now));
    expect(overLabelled(changed).map((task) => task.id)).toEqual(['full']);
  });
});

describe('bulkUpdateTasksInput', () => {
  const ref = (taskId: string) => ({ projectId: 'p', taskId, version: 1 });

  it('refuses an empty change, a label both added and removed, a task named twice, and over 1,000 tasks', () => {
    const fieldsOf = (body: unknown) => bulkUpdateTasksInput.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
    expect(fieldsOf({ tasks: [ref('a')], change: {} })).toEqual(['change']);
    expect(fieldsOf({ tasks: [ref('a')], change: { addLabelIds: ['x'], removeLabelIds: ['x'] } })).toEqual(['change.removeLabelIds']);
    expect(fieldsOf({ tasks: [ref('a'), ref('a')], change: { priority: 'low' } })).toEqual(['tasks']);
    const many = Array.from({ length: MAX_BULK_TASKS + 1 }, (_, index) => ref(`t${index}`));
    expect(fieldsOf({ tasks: many, change: { priority: 'low' } })).toEqual(['tasks']);
    expect(fieldsOf({ tasks: many.slice(0, MAX_BULK_TASKS), change: { priority: 'low' } })).toBeUndefined();
  });
});
