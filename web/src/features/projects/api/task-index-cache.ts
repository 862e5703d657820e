import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TaskView } from '@shared/schemas/project';
import type { taskPage } from '@shared/schemas/task-index';
import { editCachedData } from '@/lib/cache-edit';
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

type TaskPages = InfiniteData<z.infer<typeof taskPage>>;

/** The newest version of a task that the paged lists of /tasks hold, if they hold it. */
export function taskVersionInPages(queryClient: QueryClient, workspaceId: string, taskId: string): number | undefined {
  let newest: number | undefined;
  for (const [, data] of queryClient.getQueriesData<TaskPages>({ queryKey: taskIndexKeys.pages(workspaceId) })) {
    for (const task of data?.pages.flatMap((page) => page.tasks) ?? []) {
      if (task.id === taskId && (newest === undefined || task.version > newest)) newest = task.version;
    }
  }
  return newest;
}

/**
 * A task as the server stored it after a write, in every page of /tasks that holds an older copy, at once:
 * the index's own refetch can come later, and the task's next write must carry the new version. Only those
 * pages, and a list this write already marked stale (the Today tab a task was just focused into, not on
 * screen) stays stale, so it still reloads when shown.
 */
export function putInTaskPages(queryClient: QueryClient, workspaceId: string, stored: TaskView): void {
  const holdsOlder = (task: TaskView) => task.id === stored.id && stored.version > task.version;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: taskIndexKeys.pages(workspaceId) })) {
    const data = query.state.data as TaskPages | undefined;
    if (!data?.pages.some((page) => page.tasks.some(holdsOlder))) continue;
    editCachedData<TaskPages>(queryClient, query.queryKey, (held) => ({
      ...held,
      pages: held.pages.map((page) => ({ ...page, tasks: page.tasks.map((task) => (holdsOlder(task) ? stored : task)) })),
    }));
  }
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
