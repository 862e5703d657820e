import { queryOptions, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '@shared/routes';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { ApiError, callRoute } from '@/lib/api-client';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';
import { putProject, removeProject } from './project-cache';
import { projectKeys } from './query-keys';

/** Error texts of spec core §8: loading the current workspace's list. */
export const FETCH_PROJECTS_FAILED = 'Failed to fetch projects';

/** GET the workspace's projects: summaries with their counts, in the spec's order (favourites, priority, newest). */
export const projectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: projectKeys.list(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(routes.ListProjects, { params: { workspaceId }, signal })).projects,
  });

/**
 * The current workspace's projects (none while there is no workspace). While the workspace list loads, the
 * expected workspace's list is read beside it rather than after it.
 */
export function useProjects() {
  const workspaceId = workspaceIdForReads(useCurrentWorkspace());
  return useQuery({ ...projectsQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}

/**
 * Which other workspace of the user holds the project (a link opened while another workspace, or none, is
 * current): their project lists are read only when `wanted`. `searching` while any of them is still loading.
 */
export function useWorkspaceHoldingProject(projectId: string, wanted: boolean): { workspace: WorkspaceView | undefined; searching: boolean } {
  const { workspaces, currentWorkspace } = useCurrentWorkspace();
  const others = workspaces.filter((candidate) => candidate.id !== currentWorkspace?.id);
  const lists = useQueries({ queries: others.map((candidate) => ({ ...projectsQueryOptions(candidate.id), enabled: wanted })) });
  const index = lists.findIndex((list) => list.data?.some((project) => project.id === projectId));
  return { workspace: others[index], searching: wanted && index < 0 && lists.some((list) => list.isPending) };
}

/**
 * Reads one project's summary again and puts it in the cached list (a change someone else made to it or to
 * what it holds moved its counts); a project that is gone leaves the list.
 */
export async function refreshProjectSummary(queryClient: QueryClient, workspaceId: string, projectId: string): Promise<void> {
  if (!queryClient.getQueryData(projectKeys.list(workspaceId))) return;
  try {
    putProject(queryClient, (await callRoute(routes.GetProject, { params: { workspaceId, projectId } })).project);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) removeProject(queryClient, workspaceId, projectId);
    else void queryClient.invalidateQueries({ queryKey: projectKeys.list(workspaceId) });
  }
}
