import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { projectsRoutes } from '@shared/routes/projects';
import { callRoute } from '@/lib/api-client';
import { projectKeys } from './query-keys';

export const LOAD_PROJECT_FAILED = 'Failed to load project';

/** GET what one project holds: its tasks (by position), milestones (by due date) and notes (newest first). */
export const projectItemsQueryOptions = (workspaceId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.items(workspaceId, projectId),
    queryFn: ({ signal }) => callRoute(projectsRoutes.ListProjectItems, { params: { workspaceId, projectId }, signal }),
  });

export function useProjectItems(workspaceId: string, projectId: string) {
  return useQuery(projectItemsQueryOptions(workspaceId, projectId));
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
