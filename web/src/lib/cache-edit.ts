import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Edits one cached query's data (nothing when it holds none) without making it fresh. TanStack's
 * setQueryData clears a query's invalidation and dates its data now: a list a push or a write had just
 * marked stale, or one read long ago, not on screen, would then not reload when shown and would keep
 * missing whatever the edit does not carry. So the data keeps the time it was read, and a query that was
 * marked stale is marked again (without fetching).
 */
export function editCachedData<T>(queryClient: QueryClient, queryKey: QueryKey, edit: (data: T) => T): void {
  const state = queryClient.getQueryState(queryKey);
  queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : edit(data)), { updatedAt: state?.dataUpdatedAt });
  if (state?.isInvalidated) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
