import { useInfiniteQuery } from '@tanstack/react-query';
import { tasksRoutes } from '@shared/routes/tasks';
import { callRoute } from '@/lib/api-client';
import { projectKeys } from './query-keys';

export const FETCH_HISTORY_FAILED = 'Failed to load the history';
const HISTORY_PAGE_SIZE = 20;

/** A task's history, newest first, page after page; read only once shown (`enabled`). */
export function useTaskHistory(workspaceId: string, projectId: string, taskId: string, enabled: boolean) {
  const pages = useInfiniteQuery({
    queryKey: projectKeys.taskHistory(workspaceId, taskId),
    queryFn: ({ pageParam, signal }) =>
      callRoute(tasksRoutes.ListTaskHistory, {
        params: { workspaceId, projectId, taskId },
        query: { limit: HISTORY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
  return { ...pages, entries: pages.data?.pages.flatMap((page) => page.entries) ?? [] };
}
