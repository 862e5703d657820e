import { tasksRoutes } from '@shared/routes/tasks';
import type { TaskView } from '@shared/schemas/project';
import type { ListTasksQueryInput } from '@shared/schemas/task-index';
import { callRoute } from '@/lib/api-client';

/**
 * Every task of one index question, page after page (at most `maxPages` pages of 100). Reads of the
 * workspace-wide task index; their cache keys and invalidation are in task-index-cache.
 */
export async function readTaskPages(workspaceId: string, query: ListTasksQueryInput, options: { maxPages?: number; signal?: AbortSignal } = {}): Promise<TaskView[]> {
  const tasks: TaskView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < (options.maxPages ?? Infinity); page += 1) {
    const result = await callRoute(tasksRoutes.ListTasks, {
      params: { workspaceId },
      query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    tasks.push(...result.tasks);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return tasks;
}

/**
 * Each task once, in its newest version, where it first appears: a task that moved between the answers of
 * two index questions read side by side (All: In Progress → To Do; the calendar: open → completed) sits in
 * both until the index has caught up.
 */
export function newestOnce(tasks: readonly TaskView[]): TaskView[] {
  const byId = new Map<string, TaskView>();
  for (const task of tasks) {
    const seen = byId.get(task.id);
    if (!seen || task.version > seen.version) byId.set(task.id, task);
  }
  return [...byId.values()];
}
