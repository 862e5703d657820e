import { describe, expect, it } from 'vitest';
import type { TaskView } from '@shared/schemas/project';
import { aNote, aTask } from '@shared/testing/project-views';
import { columnOf, columnTasks, dropPosition, overviewGroups, recentNotes } from './task-groups';

const note = (id: string, updatedAt: string) => aNote({ id, createdAt: updatedAt, updatedAt });

const ids = (tasks: readonly TaskView[]) => tasks.map((entry) => entry.id);

describe('columnOf', () => {
  it('puts every completed task in Completed, whatever its status', () => {
    expect(columnOf({ completed: true, status: 'in_progress' })).toBe('completed');
    expect(columnOf({ completed: true, status: 'completed' })).toBe('completed');
  });

  it('puts an uncompleted task in its status column and nowhere when its status says completed', () => {
    expect(columnOf({ completed: false, status: 'todo' })).toBe('todo');
    expect(columnOf({ completed: false, status: 'in_progress' })).toBe('in_progress');
    expect(columnOf({ completed: false, status: 'completed' })).toBeNull();
  });
});

describe('columnTasks', () => {
  it('sorts each column by position ascending and keeps completed tasks out of To Do and In Progress', () => {
    const late = aTask({ id: 'late', position: 5000 });
    const early = aTask({ id: 'early', position: 10 });
    const doneButTodo = aTask({ id: 'done', status: 'todo', completed: true, completedAt: '2026-01-02T00:00:00.000Z', position: 1 });
    const doing = aTask({ id: 'doing', status: 'in_progress' });
    const tasks = [late, doneButTodo, doing, early];

    expect(ids(columnTasks(tasks, 'todo'))).toEqual(['early', 'late']);
    expect(ids(columnTasks(tasks, 'in_progress'))).toEqual(['doing']);
    expect(ids(columnTasks(tasks, 'completed'))).toEqual(['done']);
  });
});

describe('dropPosition', () => {
  it('places the card after the last card of the target column', () => {
    const tasks = [aTask({ id: 'a', position: 100 }), aTask({ id: 'b', position: 3000 }), aTask({ id: 'c', status: 'in_progress', position: 50 })];
    expect(dropPosition(tasks, 'todo', 'c')).toBe(3000 + 1024);
  });

  it('does not count the dragged card itself', () => {
    const tasks = [aTask({ id: 'a', position: 100 }), aTask({ id: 'b', position: 3000 })];
    expect(dropPosition(tasks, 'todo', 'b')).toBe(100 + 1024);
  });

  it('starts an empty column at one step', () => {
    expect(dropPosition([aTask({ id: 'a', position: 100 })], 'completed', 'a')).toBe(1024);
  });
});

describe('overviewGroups', () => {
  it('shows a task just created after the first 3 of its group, so it does not seem to vanish', () => {
    const todo = [1, 2, 3, 4].map((n) => aTask({ id: `todo${n}`, position: n }));
    expect(ids(overviewGroups(todo, 'todo4').todo.tasks)).toEqual(['todo1', 'todo2', 'todo3', 'todo4']);
    // Among the first 3 already: shown once.
    expect(ids(overviewGroups(todo, 'todo2').todo.tasks)).toEqual(['todo1', 'todo2', 'todo3']);
    expect(overviewGroups(todo, 'todo4').todo.total).toBe(4);
  });

  it('shows every task in progress, and the first 3 to do and completed with their totals', () => {
    const todo = [1, 2, 3, 4, 5].map((n) => aTask({ id: `todo${n}`, position: 100 - n }));
    const doing = [1, 2, 3, 4].map((n) => aTask({ id: `doing${n}`, status: 'in_progress', position: n }));
    const done = [1, 2, 3, 4].map((n) =>
      aTask({ id: `done${n}`, status: 'completed', completed: true, completedAt: '2026-01-02T00:00:00.000Z', position: n }),
    );
    const groups = overviewGroups([...todo, ...doing, ...done]);

    expect(ids(groups.inProgress.tasks)).toEqual(['doing1', 'doing2', 'doing3', 'doing4']);
    expect(groups.inProgress.total).toBe(4);
    expect(ids(groups.todo.tasks)).toEqual(['todo5', 'todo4', 'todo3']);
    expect(groups.todo.total).toBe(5);
    expect(ids(groups.completed.tasks)).toEqual(['done1', 'done2', 'done3']);
    expect(groups.completed.total).toBe(4);
    expect([groups.inProgress.title, groups.todo.title, groups.completed.title]).toEqual(['In Progress', 'To Do', 'Completed']);
  });

  it('gives empty groups for a project without tasks', () => {
    const groups = overviewGroups([]);
    expect(groups.todo).toEqual({ title: 'To Do', tasks: [], total: 0 });
  });
});

describe('recentNotes', () => {
  it('returns the 3 most recently updated notes, newest first', () => {
    const notes = [
      note('old', '2026-01-01T00:00:00.000Z'),
      note('newest', '2026-03-01T00:00:00.000Z'),
      note('mid', '2026-02-01T00:00:00.000Z'),
      note('newer', '2026-02-15T00:00:00.000Z'),
    ];
    expect(recentNotes(notes).map((entry) => entry.id)).toEqual(['newest', 'newer', 'mid']);
  });
});
