import type { QueryClient } from '@tanstack/react-query';

/**
 * The cache keys of the workspace-wide task index (GET /workspaces/{ws}/tasks), shared by every screen that
 * reads tasks across projects (the dashboard's cards, the weekly plan), and their invalidation: any task
 * write marks them all stale. Apart from the reads (task-index.ts), so that the realtime sync every
 * signed-in page loads carries no route schemas.
 */
export const taskIndexKeys = {
  all: (workspaceId: string) => ['workspaces', workspaceId, 'tasks'] as const,
  /** The dashboard's figures: counts of the index, and the team activity that every push may add to. */
  dashboard: (workspaceId: string) => ['workspaces', workspaceId, 'tasks', 'dashboard'] as const,
  /** The paged lists of /tasks, one per question. */
  pages: (workspaceId: string) => ['workspaces', workspaceId, 'tasks', 'pages'] as const,
};

/** The newest version of a task that the paged lists of /tasks hold, if they hold it. */
export function taskVersionInPages(queryClient: QueryClient, workspaceId: string, taskId: string): number | undefined {
  let newest: number | undefined;
  for (const [, data] of queryClient.getQueriesData<{ pages: { tasks: { id: string; version: number }[] }[] }>({ queryKey: taskIndexKeys.pages(workspaceId) })) {
    for (const task of data?.pages.flatMap((page) => page.tasks) ?? []) {
      if (task.id === taskId && (newest === undefined || task.version > newest)) newest = task.version;
    }
  }
  return newest;
}

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
