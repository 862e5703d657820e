import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectsRoutes } from '@shared/routes/projects';
import { callRoute } from '@/lib/api-client';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';
import { projectKeys } from './query-keys';

/** Error texts of spec core §8: loading the current workspace's list. */
export const FETCH_PROJECTS_FAILED = 'Failed to fetch projects';

/** GET the workspace's projects: summaries with their counts, in the spec's order (favourites, priority, newest). */
export const projectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: projectKeys.list(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(projectsRoutes.ListProjects, { params: { workspaceId }, signal })).projects,
  });

/**
 * The current workspace's projects (none while there is no workspace). While the workspace list loads, the
 * expected workspace's list is read beside it rather than after it.
 */
export function useProjects() {
  const workspaceId = workspaceIdForReads(useCurrentWorkspace());
  return useQuery({ ...projectsQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}
