import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchRoutes } from '@shared/routes/search';
import { callRoute } from '@/lib/api-client';

export const SEARCH_FAILED = 'Search failed. Please try again.';

export const searchKeys = {
  results: (workspaceId: string, q: string) => ['workspaces', workspaceId, 'search', q] as const,
};

/**
 * The workspace's search results for `q` (nothing is asked for a blank one). While the next answer loads,
 * the previous one stays on screen, so the list does not flash empty between keys.
 */
export function useWorkspaceSearch(workspaceId: string | undefined, q: string) {
  return useQuery({
    queryKey: searchKeys.results(workspaceId ?? '', q),
    queryFn: async ({ signal }) => (await callRoute(searchRoutes.SearchWorkspace, { params: { workspaceId: workspaceId ?? '' }, query: { q }, signal })).results,
    enabled: Boolean(workspaceId) && q !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
