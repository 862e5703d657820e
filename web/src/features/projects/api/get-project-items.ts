import { queryOptions, useQuery } from '@tanstack/react-query';
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
