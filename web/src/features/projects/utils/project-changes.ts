import { applyCompletion, type CompletionChange } from '../../../../../shared/rules/task-completion';
import type { ProjectView, TaskStatus, TaskView } from '../../../../../shared/schemas/project';
import type { ProjectsChange } from './pending-changes';

/**
 * Optimistic changes of the project detail page: pure edits of the project list that show a write at once,
 * before the server answers (the provider drops them again on failure).
 */

type ChildKey = 'tasks' | 'milestones' | 'notes';
type Child<K extends ChildKey> = ProjectView[K][number];

export function updateProject(projectId: string, update: (project: ProjectView) => ProjectView): ProjectsChange {
  return (projects) => projects.map((project) => (project.id === projectId ? update(project) : project));
}

export function removeProject(projectId: string): ProjectsChange {
  return (projects) => projects.filter((project) => project.id !== projectId);
}

export function updateChild<K extends ChildKey>(projectId: string, key: K, childId: string, update: (child: Child<K>) => Child<K>): ProjectsChange {
  return updateProject(projectId, (project) => ({
    ...project,
    [key]: (project[key] as readonly Child<K>[]).map((child) => (child.id === childId ? update(child) : child)),
  }));
}

export function removeChild(projectId: string, key: ChildKey, childId: string): ProjectsChange {
  return updateProject(projectId, (project) => ({
    ...project,
    [key]: (project[key] as readonly Child<ChildKey>[]).filter((child) => child.id !== childId),
  }));
}

/** The task as the server will store it after a change of status and/or completion (core §4). */
export function withCompletion(task: TaskView, change: CompletionChange, now: string): TaskView {
  return { ...task, ...applyCompletion(task, change, now) };
}

/** A card dropped on a column: its status (and so its completion) and its position change together. */
export function movedTask(task: TaskView, status: TaskStatus, position: number, now: string): TaskView {
  return { ...withCompletion(task, { status }, now), position };
}
