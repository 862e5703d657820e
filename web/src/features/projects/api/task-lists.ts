import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { tasksRoutes } from '@shared/routes/tasks';
import type { ListTasksQueryInput } from '@shared/schemas/task-index';
import { callRoute } from '@/lib/api-client';
import { readFailure } from '@/lib/load-failure';
import { newestOnce } from './task-index';
import { taskIndexKeys } from './task-index-cache';

export const FETCH_TASKS_FAILED = 'Failed to load tasks';

const pagesKey = taskIndexKeys.pages;

/** One question of the task index, page after page (under the index's key: any task write refreshes it). */
const indexPagesOptions = (workspaceId: string, query: ListTasksQueryInput | undefined) =>
  infiniteQueryOptions({
    queryKey: [...pagesKey(workspaceId), query ?? null] as const,
    queryFn: ({ pageParam, signal }) =>
      callRoute(tasksRoutes.ListTasks, { params: { workspaceId }, query: { ...(query as ListTasksQueryInput), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: query !== undefined,
  });

function useIndexPages(workspaceId: string, query: ListTasksQueryInput | undefined) {
  return useInfiniteQuery(indexPagesOptions(workspaceId, query));
}

/** Starts a tab's first pages before the tab is shown (beside the project list it waits for). */
export function prefetchTaskPages(queryClient: QueryClient, workspaceId: string, queries: readonly ListTasksQueryInput[]): void {
  for (const query of queries) void queryClient.prefetchInfiniteQuery(indexPagesOptions(workspaceId, query));
}

/**
 * The tasks of up to two index questions (a tab of /tasks), in order, with one "load more" for both.
 * Two hooks always, so the hook order never changes with the tab.
 */
export function useTaskPages(workspaceId: string, queries: readonly ListTasksQueryInput[]) {
  const first = useIndexPages(workspaceId, queries[0]);
  const second = useIndexPages(workspaceId, queries[1]);
  const used = queries.length > 1 ? [first, second] : [first];
  const tasks = newestOnce(used.flatMap((result) => result.data?.pages.flatMap((page) => page.tasks) ?? []));
  return {
    tasks,
    isPending: used.some((result) => result.isPending),
    // Failed once the first retry failed too (the last goes on behind the message), not only for good.
    isError: used.some((result) => readFailure(result) !== null),
    error: used.map((result) => readFailure(result)?.error).find((error) => error !== undefined) ?? null,
    hasMore: used.some((result) => result.hasNextPage),
    isLoadingMore: used.some((result) => result.isFetchingNextPage),
    /** Any read under way: a next page, or a refresh of the pages held (after a push). */
    isFetching: used.some((result) => result.isFetching),
    loadMore: () => used.forEach((result) => result.hasNextPage && void result.fetchNextPage()),
    retry: () => used.forEach((result) => void result.refetch()),
  };
}
