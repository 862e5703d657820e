import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Edits one cached query's data (nothing when it holds none) without marking it fresh. TanStack's
 * setQueryData clears a query's invalidation: a list a push or a write had just marked stale, not on
 * screen, would then not reload when shown and would keep missing whatever the edit does not carry. So a
 * query that was stale before the edit is marked stale again (without fetching).
 */
export function editCachedData<T>(queryClient: QueryClient, queryKey: QueryKey, edit: (data: T) => T): void {
  const wasStale = queryClient.getQueryState(queryKey)?.isInvalidated ?? false;
  queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : edit(data)));
  if (wasStale) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
