import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesRoutes } from '@shared/routes/workspaces';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { departureKey } from './departures';
import { workspacesQueryKey, workspacesQueryOptions } from './get-workspaces';

export const DELETE_WORKSPACE_FAILED = 'Failed to delete workspace';

/** DELETE /workspaces/{id}: owner only; removes the workspace, everything in it and its cached data. */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: departureKey,
    mutationFn: (workspaceId: string) => callRoute(workspacesRoutes.DeleteWorkspace, { params: { workspaceId } }),
    onSuccess: (_nothing, workspaceId) => {
      editCachedData<WorkspaceView[]>(queryClient, workspacesQueryOptions().queryKey, (list) => list.filter((workspace) => workspace.id !== workspaceId));
      queryClient.removeQueries({ queryKey: [...workspacesQueryKey, workspaceId] });
    },
  });
}
