import type { TaskRef } from '../schemas/project.js';
import { withOptional } from './optional-field.js';

/**
 * Dependencies between tasks (issue 31): a task may be blocked by other tasks of its workspace, and is
 * Blocked while any of them is open. A deleted blocker blocks nothing. Kept as `blockedBy` on the task,
 * absent when it has none.
 */
export function withBlockers<T extends { readonly blockedBy?: readonly TaskRef[] }>(task: T, blockedBy: readonly TaskRef[] | undefined): T {
  return withOptional(task, 'blockedBy', blockedBy?.map(({ projectId, taskId }) => ({ projectId, taskId })));
}

/** The ids of a task's blockers that are still open, given the ids of the workspace's open tasks. */
export function openBlockerIds(task: { readonly blockedBy?: readonly TaskRef[] }, openTaskIds: ReadonlySet<string>): string[] {
  return (task.blockedBy ?? []).map((ref) => ref.taskId).filter((id) => openTaskIds.has(id));
}

export function isBlocked(task: { readonly blockedBy?: readonly TaskRef[] }, openTaskIds: ReadonlySet<string>): boolean {
  return openBlockerIds(task, openTaskIds).length > 0;
}

/** Whether two lists name the same blockers (in any order): an edit that sends them unchanged checks nothing. */
export function sameBlockers(a: readonly TaskRef[] | undefined, b: readonly TaskRef[] | undefined): boolean {
  const ids = (refs: readonly TaskRef[] | undefined) => (refs ?? []).map((ref) => ref.taskId).sort().join();
  return ids(a) === ids(b);
}

/**
 * A path of blockers from `from` back to `to`, if adding "to is blocked by from" would close a cycle:
 * `blockersOf` answers each task's blockers as known. Breadth first, so the path named is a shortest one.
 */
export function cyclePath(to: string, from: string, blockersOf: (taskId: string) => readonly string[]): string[] | undefined {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (current === to) {
      const path: string[] = [];
      for (let step: string | null | undefined = current; step; step = cameFrom.get(step)) path.push(step);
      return path.reverse();
    }
    for (const next of blockersOf(current)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * A task's blockers after some tasks moved to other projects (`projectOf`: each moved task's id and the
 * project it is in now): the refs naming a moved task name its new project, so the blocker is found again
 * (a task's key holds its project). Undefined when no ref changes, so nothing needs writing.
 */
export function blockersFollowing(blockedBy: readonly TaskRef[] | undefined, projectOf: ReadonlyMap<string, string>): TaskRef[] | undefined {
  const refs = blockedBy ?? [];
  const moved = (ref: TaskRef) => {
    const projectId = projectOf.get(ref.taskId);
    return projectId !== undefined && projectId !== ref.projectId;
  };
  if (!refs.some(moved)) return undefined;
  return refs.map((ref) => (moved(ref) ? { projectId: projectOf.get(ref.taskId) as string, taskId: ref.taskId } : { projectId: ref.projectId, taskId: ref.taskId }));
}
