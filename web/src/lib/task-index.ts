import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routes } from '@shared/routes';
import type { TaskView } from '@shared/schemas/project';
import type { ListTasksQueryInput } from '@shared/schemas/task-index';
import { callRoute } from './api-client';

/**
 * Reads of the workspace-wide task index (GET /workspaces/{ws}/tasks), shared by every screen that reads
 * tasks across projects (the dashboard's cards, the weekly plan). Any task write marks them all stale.
 */
export const taskIndexKeys = {
  all: (workspaceId: string) => ['workspaces', workspaceId, 'tasks'] as const,
  page: (workspaceId: string, query: ListTasksQueryInput) => ['workspaces', workspaceId, 'tasks', query] as const,
  /** The dashboard's figures: counts of the index, and the team activity that every push may add to. */
  dashboard: (workspaceId: string) => ['workspaces', workspaceId, 'tasks', 'dashboard'] as const,
};

/** One page of one index question. */
export const taskIndexQueryOptions = (workspaceId: string, query: ListTasksQueryInput) =>
  queryOptions({
    queryKey: taskIndexKeys.page(workspaceId, query),
    queryFn: ({ signal }) => callRoute(routes.ListTasks, { params: { workspaceId }, query, signal }),
  });

const isDashboard = (queryKey: readonly unknown[]) => queryKey[3] === taskIndexKeys.dashboard('')[3];

/** A task changed: index reads on screen reload, the others when next shown; the dashboard as below. */
export function taskIndexChanged(queryClient: QueryClient, workspaceId: string): void {
  void queryClient.invalidateQueries({ queryKey: taskIndexKeys.all(workspaceId), predicate: (query) => !isDashboard(query.queryKey) });
  workspaceActivityChanged(queryClient, workspaceId);
}

/** The dashboard on screen reloads at most once in this time, however many changes arrive. */
export const DASHBOARD_REFRESH_INTERVAL_MS = 1_000;

/** Per cache and workspace: a dashboard reload was made less than an interval ago; is another owed? */
const dashboardThrottles = new WeakMap<QueryClient, Map<string, { owed: boolean }>>();

/**
 * Something changed in the workspace (any push, the user's own writes included): the dashboard is stale,
 * since the change may be a new event of its team activity, stored before the push. On screen it reloads
 * at once, then at most once per interval while changes keep coming (one teammate's drag, or the
 * assistant's ten new tasks, is one or two reloads of a dozen queries, not ten), and once after the last.
 */
export function workspaceActivityChanged(queryClient: QueryClient, workspaceId: string): void {
  const queryKey = taskIndexKeys.dashboard(workspaceId);
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  const throttles = dashboardThrottles.get(queryClient) ?? new Map<string, { owed: boolean }>();
  dashboardThrottles.set(queryClient, throttles);
  const throttle = throttles.get(workspaceId);
  if (throttle) {
    throttle.owed = true;
    return;
  }
  const state = { owed: false };
  throttles.set(workspaceId, state);
  // The interval counts from the end of a reload, so a slow dashboard read is never cancelled by the next.
  const reload = () =>
    void queryClient.refetchQueries({ queryKey, type: 'active' }).then(() =>
      setTimeout(() => {
        if (!state.owed) return void throttles.delete(workspaceId);
        state.owed = false;
        reload();
      }, DASHBOARD_REFRESH_INTERVAL_MS),
    );
  reload();
}

/** Every task of one index question, page after page (at most `maxPages` pages of 100). */
export async function readTaskPages(workspaceId: string, query: ListTasksQueryInput, options: { maxPages?: number; signal?: AbortSignal } = {}): Promise<TaskView[]> {
  const tasks: TaskView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < (options.maxPages ?? Infinity); page += 1) {
    const result = await callRoute(routes.ListTasks, {
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
