import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { routes } from '@shared/routes';
import { callRoute } from '@/lib/api-client';
import { projectKeys } from './query-keys';

export const LOAD_PROJECT_FAILED = 'Failed to load project';

/** GET what one project holds: its tasks (by position), milestones (by due date) and notes (newest first). */
export const projectItemsQueryOptions = (workspaceId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.items(workspaceId, projectId),
    queryFn: ({ signal }) => callRoute(routes.ListProjectItems, { params: { workspaceId, projectId }, signal }),
  });

export function useProjectItems(workspaceId: string, projectId: string) {
  return useQuery(projectItemsQueryOptions(workspaceId, projectId));
}

/**
 * Starts reading a project's items as soon as its ids are known (from the route and the expected workspace),
 * beside the project list rather than after it. Nothing happens while the cached copy is fresh.
 */
export function usePrefetchProjectItems(workspaceId: string | null, projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (workspaceId) void queryClient.prefetchQuery(projectItemsQueryOptions(workspaceId, projectId));
  }, [queryClient, workspaceId, projectId]);
}

/**
 * Event handlers for links to projects: pointing at one or focusing it starts reading what its page will
 * show, so the page usually opens with its items already here.
 */
export function useProjectLinkPrefetch() {
  const queryClient = useQueryClient();
  return useCallback(
    (project: { readonly workspaceId: string; readonly id: string }) => {
      const prefetch = () => void queryClient.prefetchQuery(projectItemsQueryOptions(project.workspaceId, project.id));
      return { onPointerEnter: prefetch, onFocus: prefetch };
    },
    [queryClient],
  );
}
