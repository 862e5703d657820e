import { describe, expect, it } from 'vitest';
import { updateTaskInput } from '@shared/schemas/project';
import { parseTimeEstimate, taskFormValues, taskInput, withCompleted, withStatus } from './task-form';

describe('task form', () => {
  const blank = taskFormValues();

  it('starts a new task as To Do, medium priority, with no due date or estimate', () => {
    expect(blank).toMatchObject({ status: 'todo', priority: 'medium', completed: false, dueDate: '', timeEstimate: '', assignedTo: '' });
  });

  it('keeps the status selector and the completed box in step', () => {
    expect(withStatus(blank, 'completed')).toMatchObject({ status: 'completed', completed: true });
    expect(withStatus(withStatus(blank, 'completed'), 'in_progress')).toMatchObject({ status: 'in_progress', completed: false });
    expect(withCompleted(blank, true)).toMatchObject({ status: 'completed', completed: true });
    expect(withCompleted(withCompleted(blank, true), false)).toMatchObject({ status: 'todo', completed: false });
    expect(withCompleted(withStatus(blank, 'in_progress'), false)).toMatchObject({ status: 'in_progress', completed: false });
  });

  it('reads a blank estimate as none and a number as minutes', () => {
    expect(parseTimeEstimate('')).toBeNull();
    expect(parseTimeEstimate('  ')).toBeNull();
    expect(parseTimeEstimate('0')).toBe(0);
    expect(parseTimeEstimate('45')).toBe(45);
  });

  it('sends blanks as null, and the schema refuses an estimate off the 15-minute steps', () => {
    const input = taskInput({ ...blank, title: 'Plan', timeEstimate: '' });
    expect(input).toMatchObject({ title: 'Plan', dueDate: null, timeEstimate: null, assignedTo: null });
    expect(taskInput({ ...blank, title: 'Plan', assignedTo: 'user-1' }).assignedTo).toBe('user-1');
    expect(updateTaskInput.safeParse({ ...taskInput({ ...blank, title: 'Plan', timeEstimate: '20' }), version: 1 }).success).toBe(false);
    expect(updateTaskInput.safeParse({ ...taskInput({ ...blank, title: 'Plan', timeEstimate: '30', dueDate: '2026-05-01' }), version: 1 }).success).toBe(true);
  });
});
