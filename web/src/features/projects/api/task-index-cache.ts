import type { Query, QueryClient } from '@tanstack/react-query';
import { markStale } from '@/lib/stale-queries';

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

const isDashboard = (query: Query) => query.queryKey[3] === taskIndexKeys.dashboard('')[3];

/** A task changed: index reads on screen reload (at most once a second), the others when next shown; the dashboard as below. */
export function taskIndexChanged(queryClient: QueryClient, workspaceId: string): void {
  markStale(queryClient, taskIndexKeys.all(workspaceId), isDashboard);
  workspaceActivityChanged(queryClient, workspaceId);
}

/**
 * Something changed in the workspace (any push, the user's own writes included): the dashboard is stale,
 * since the change may be a new event of its team activity, stored before the push. One teammate's drag,
 * or the assistant's ten new tasks, is one or two reloads of a dozen queries, not ten.
 */
export function workspaceActivityChanged(queryClient: QueryClient, workspaceId: string): void {
  markStale(queryClient, taskIndexKeys.dashboard(workspaceId));
}
