import { describe, expect, it } from 'vitest';
import { applyCompletion, type CompletionState } from './task-completion.js';

const now = '2026-11-23T10:00:00.000Z';
const earlier = '2026-11-20T08:00:00.000Z';
const open = (status: 'todo' | 'in_progress'): CompletionState => ({ status, completed: false, completedAt: null });
const done: CompletionState = { status: 'completed', completed: true, completedAt: earlier };

describe('applyCompletion', () => {
  it.each([
    ['completing a to-do task', open('todo'), { completed: true }, { status: 'completed', completed: true, completedAt: now }],
    ['completing with another status sent: completed wins', open('todo'), { completed: true, status: 'in_progress' as const }, { status: 'completed', completed: true, completedAt: now }],
    ['completing an already completed task keeps its time', done, { completed: true }, done],
    ['uncompleting sends it to To Do', done, { completed: false }, open('todo')],
    ['uncompleting with status completed sent still goes to To Do', done, { completed: false, status: 'completed' as const }, open('todo')],
    ['uncompleting into a chosen column', done, { completed: false, status: 'in_progress' as const }, open('in_progress')],
    ['completed false keeps an open task in its column', open('in_progress'), { completed: false }, open('in_progress')],
    ['completed false moves an open task to the sent column', open('in_progress'), { completed: false, status: 'todo' as const }, open('todo')],
    ['status completed alone completes', open('in_progress'), { status: 'completed' as const }, { status: 'completed', completed: true, completedAt: now }],
    ['status completed on a completed task keeps its time', done, { status: 'completed' as const }, done],
    ['another status alone uncompletes', done, { status: 'in_progress' as const }, open('in_progress')],
    ['another status on an open task just moves it', open('todo'), { status: 'in_progress' as const }, open('in_progress')],
    ['nothing sent changes nothing', open('in_progress'), {}, open('in_progress')],
    ['nothing sent keeps a completed task', done, {}, done],
  ])('%s', (_name, current, change, expected) => {
    expect(applyCompletion(current, change, now)).toEqual(expected);
  });

  it('repairs a completed task without a time by stamping now', () => {
    expect(applyCompletion({ ...done, completedAt: null }, { completed: true }, now).completedAt).toBe(now);
  });

  it('sends an inconsistent open task with status completed to To Do when uncompleted', () => {
    expect(applyCompletion({ status: 'completed', completed: false, completedAt: null }, { completed: false }, now)).toEqual(open('todo'));
  });
});
