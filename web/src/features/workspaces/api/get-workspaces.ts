import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspacesRoutes } from '@shared/routes/workspaces';
import { callRoute } from '@/lib/api-client';
import { workspaceListKey } from './query-keys';

export const FETCH_WORKSPACES_FAILED = 'Failed to fetch workspaces';

/** Every cache entry of the signed-in user's workspaces starts with this key (their contents too). */
export const workspacesQueryKey = ['workspaces'] as const;

/** GET /workspaces: the caller's workspaces with their role in each, oldest first. */
export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspaceListKey,
    queryFn: async ({ signal }) => (await callRoute(workspacesRoutes.ListWorkspaces, { signal })).workspaces,
  });

export function useWorkspaces(enabled = true) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}
