import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../../../shared/schemas/project';
import { aProjectView, aTask } from '../../../../../shared/testing/project-views';
import { movedTask, removeChild, removeProject, updateChild, updateProject, withCompletion } from './project-changes';

const NOW = '2026-05-01T10:00:00.000Z';
const EARLIER = '2026-04-01T10:00:00.000Z';

const project = (id: string, tasks: TaskView[] = []) => aProjectView({ id, tasks });

describe('movedTask', () => {
  it('completes a task dropped on Completed, with a timestamp and the new position', () => {
    expect(movedTask(aTask(), 'completed', 4096, NOW)).toMatchObject({ status: 'completed', completed: true, completedAt: NOW, position: 4096 });
  });

  it('uncompletes a completed task dropped on another column', () => {
    const done = aTask({ status: 'completed', completed: true, completedAt: EARLIER });
    expect(movedTask(done, 'in_progress', 10, NOW)).toMatchObject({ status: 'in_progress', completed: false, completedAt: null, position: 10 });
  });
});

describe('withCompletion', () => {
  it('sends an uncompleted task back to To Do and keeps the first completion time of a completed one', () => {
    const done = aTask({ status: 'completed', completed: true, completedAt: EARLIER });
    expect(withCompletion(done, { completed: false, status: 'completed' }, NOW)).toMatchObject({ status: 'todo', completedAt: null });
    expect(withCompletion(done, { completed: true }, NOW).completedAt).toBe(EARLIER);
  });
});

describe('project list changes', () => {
  const list = [project('p1', [aTask({ id: 'a' }), aTask({ id: 'b' })]), project('p2', [aTask({ id: 'a', projectId: 'p2' })])];

  it('updates one child of one project only', () => {
    const next = updateChild('p1', 'tasks', 'a', (entry) => ({ ...entry, title: 'Renamed' }))(list);
    expect(next[0]?.tasks.map((entry) => entry.title)).toEqual(['Renamed', 'Task']);
    expect(next[1]?.tasks[0]?.title).toBe('Task');
    expect(list[0]?.tasks[0]?.title).toBe('Task');
  });

  it('removes a child and a project', () => {
    expect(removeChild('p1', 'tasks', 'a')(list)[0]?.tasks.map((entry) => entry.id)).toEqual(['b']);
    expect(removeProject('p1')(list).map((entry) => entry.id)).toEqual(['p2']);
  });

  it('updates a project by id', () => {
    expect(updateProject('p2', (entry) => ({ ...entry, isFavorite: true }))(list).map((entry) => entry.isFavorite)).toEqual([false, true]);
  });
});
