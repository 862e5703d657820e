import { describe, expect, it } from 'vitest';
import type { ProjectView, TaskView } from '../../../../../shared/schemas/project';
import { movedTask, removeChild, removeProject, updateChild, updateProject, withCompletion } from './project-changes';

const NOW = '2026-05-01T10:00:00.000Z';
const EARLIER = '2026-04-01T10:00:00.000Z';

function task(overrides: Partial<TaskView> = {}): TaskView {
  return {
    id: 't1',
    projectId: 'p1',
    title: 'Write spec',
    description: '',
    status: 'todo',
    completed: false,
    completedAt: null,
    priority: 'medium',
    dueDate: null,
    timeEstimate: null,
    assignedTo: null,
    createdBy: 'u1',
    createdAt: EARLIER,
    updatedAt: EARLIER,
    position: 1024,
    version: 1,
    ...overrides,
  };
}

function project(id: string, tasks: TaskView[] = []): ProjectView {
  return {
    id,
    workspaceId: 'w1',
    name: id,
    description: '',
    color: '#3B82F6',
    deadline: null,
    priority: 'medium',
    isFavorite: false,
    archived: false,
    archivedAt: null,
    preferredDays: ['monday'],
    createdBy: 'u1',
    createdAt: EARLIER,
    updatedAt: EARLIER,
    version: 1,
    tasks,
    milestones: [],
    notes: [],
  };
}

describe('movedTask', () => {
  it('completes a task dropped on Completed, with a timestamp and the new position', () => {
    expect(movedTask(task(), 'completed', 4096, NOW)).toMatchObject({ status: 'completed', completed: true, completedAt: NOW, position: 4096 });
  });

  it('uncompletes a completed task dropped on another column', () => {
    const done = task({ status: 'completed', completed: true, completedAt: EARLIER });
    expect(movedTask(done, 'in_progress', 10, NOW)).toMatchObject({ status: 'in_progress', completed: false, completedAt: null, position: 10 });
  });
});

describe('withCompletion', () => {
  it('sends an uncompleted task back to To Do and keeps the first completion time of a completed one', () => {
    const done = task({ status: 'completed', completed: true, completedAt: EARLIER });
    expect(withCompletion(done, { completed: false, status: 'completed' }, NOW)).toMatchObject({ status: 'todo', completedAt: null });
    expect(withCompletion(done, { completed: true }, NOW).completedAt).toBe(EARLIER);
  });
});

describe('project list changes', () => {
  const list = [project('p1', [task({ id: 'a' }), task({ id: 'b' })]), project('p2', [task({ id: 'a', projectId: 'p2' })])];

  it('updates one child of one project only', () => {
    const next = updateChild('p1', 'tasks', 'a', (entry) => ({ ...entry, title: 'Renamed' }))(list);
    expect(next[0]?.tasks.map((entry) => entry.title)).toEqual(['Renamed', 'Write spec']);
    expect(next[1]?.tasks[0]?.title).toBe('Write spec');
    expect(list[0]?.tasks[0]?.title).toBe('Write spec');
  });

  it('removes a child and a project', () => {
    expect(removeChild('p1', 'tasks', 'a')(list)[0]?.tasks.map((entry) => entry.id)).toEqual(['b']);
    expect(removeProject('p1')(list).map((entry) => entry.id)).toEqual(['p2']);
  });

  it('updates a project by id', () => {
    expect(updateProject('p2', (entry) => ({ ...entry, isFavorite: true }))(list).map((entry) => entry.isFavorite)).toEqual([false, true]);
  });
});
