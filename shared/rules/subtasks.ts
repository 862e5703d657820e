import { withOptional } from './optional-field.js';
import { positionBetween } from './position.js';

/**
 * Sub-tasks (issue 36): a task may hold tasks of the same project one level deep, each a task in its own
 * right with `parentId` naming its parent (absent for a task of its own), kept in order by `position`. The
 * board shows the tasks of their own with their sub-tasks' progress; lists show every task, naming the parent.
 */
interface SubtaskLike {
  readonly id: string;
  readonly parentId?: string;
  readonly completed: boolean;
  readonly position: number;
}

/** Sets (a task id), clears (null: promoted to a task of its own) or keeps (undefined) the parent. */
export function withParent<T extends { readonly parentId?: string }>(task: T, parentId: string | null | undefined): T {
  return withOptional(task, 'parentId', parentId);
}

/** The sub-tasks of `parentId` among `tasks`, in their order. */
export function subtasksOf<T extends SubtaskLike>(tasks: readonly T[], parentId: string): T[] {
  return tasks.filter((task) => task.parentId === parentId).sort((a, b) => a.position - b.position);
}

/** A parent's progress, as "3/5" shows it; undefined for a task without sub-tasks. */
export function subtaskProgress(tasks: readonly SubtaskLike[], parentId: string): { done: number; total: number } | undefined {
  const subtasks = tasks.filter((task) => task.parentId === parentId);
  return subtasks.length === 0 ? undefined : { done: subtasks.filter((task) => task.completed).length, total: subtasks.length };
}

/**
 * The tasks the board shows: those of their own. A sub-task whose parent is not among `tasks` (deleted in a
 * race with its creation) shows as a task of its own rather than nowhere.
 */
export function topLevelTasks<T extends SubtaskLike>(tasks: readonly T[]): T[] {
  const ids = new Set(tasks.map((task) => task.id));
  return tasks.filter((task) => task.parentId === undefined || !ids.has(task.parentId));
}

/** The position that puts `taskId` at `index` among its siblings (`ordered`, in their order): between its new neighbours. */
export function positionAt(ordered: readonly SubtaskLike[], taskId: string, index: number): number {
  const others = ordered.filter((task) => task.id !== taskId);
  return positionBetween(others[index - 1]?.position, others[index]?.position);
}

/**
 * What the weekly plan places (issue 36): a parent with open sub-tasks is not planned itself — its work is
 * its sub-tasks, so its estimate is not counted beside theirs — and a sub-task without a due date is due when
 * its parent is. `open` is every open task of the workspace (a parent's sub-tasks may be someone else's).
 */
export function plannedAsWork<T extends Omit<SubtaskLike, 'position'> & { readonly dueDate: string | null }>(tasks: readonly T[], open: readonly T[]): T[] {
  const byId = new Map(open.map((task) => [task.id, task]));
  const withOpenSubtasks = new Set(open.flatMap((task) => (task.parentId !== undefined && !task.completed ? [task.parentId] : [])));
  return tasks
    .filter((task) => !withOpenSubtasks.has(task.id))
    .map((task) => {
      const parentDue = task.parentId === undefined ? null : (byId.get(task.parentId)?.dueDate ?? null);
      return task.dueDate === null && parentDue !== null ? { ...task, dueDate: parentDue } : task;
    });
}
