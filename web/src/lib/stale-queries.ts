import { hashKey, type Query, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';

/** A query on screen reloads at most once in this time, however many changes mark it stale. */
export const STALE_REFETCH_INTERVAL_MS = 1_000;

/** Per cache and query key: a reload was made less than an interval ago; is another owed? */
const throttles = new WeakMap<QueryClient, Map<string, { owed: boolean }>>();

/**
 * What `queryKey` (and the keys under it, but those `except` names) reads has changed and no push or
 * answer carries it: the queries are marked stale, so those not on screen reload when next shown; those on
 * screen reload at once, then at most once per interval while changes keep coming (a teammate's burst of
 * a hundred writes is two or three reloads, not a hundred), and once after the last. The interval counts
 * from the end of a reload, so a slow read is never cancelled by the next change.
 */
export function markStale(queryClient: QueryClient, queryKey: QueryKey, except?: QueryFilters['predicate']): void {
  const filters: QueryFilters = { queryKey, ...(except ? { predicate: (query) => !except(query) } : {}) };
  void queryClient.invalidateQueries({ ...filters, refetchType: 'none' });
  const byKey = throttles.get(queryClient) ?? new Map<string, { owed: boolean }>();
  throttles.set(queryClient, byKey);
  const hash = hashKey(queryKey);
  const throttle = byKey.get(hash);
  if (throttle) {
    throttle.owed = true;
    return;
  }
  const state = { owed: false };
  byKey.set(hash, state);
  const reload = () =>
    void queryClient.refetchQueries({ ...filters, type: 'active' }).then(() =>
      setTimeout(() => {
        if (!state.owed) return void byKey.delete(hash);
        state.owed = false;
        reload();
      }, STALE_REFETCH_INTERVAL_MS),
    );
  reload();
}

/** Queries that are read again as soon as their read under way lands. */
const rereads = new WeakSet<Query>();

/**
 * A push was just applied to this query's data while a read of it is under way (a page's first load, a
 * prefetch): that read, asked before the change, would answer without it and replace the edit, so the query
 * is read once more when it lands (whether on screen or not). Pushes during that read wait for it too.
 */
export function reloadIfReading(queryClient: QueryClient, queryKey: QueryKey): void {
  const queryCache = queryClient.getQueryCache();
  const query = queryCache.find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus !== 'fetching' || rereads.has(query)) return;
  rereads.add(query);
  const stopWaiting = queryCache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    stopWaiting();
    rereads.delete(query);
    void queryClient.refetchQueries({ queryKey, exact: true });
  });
}
