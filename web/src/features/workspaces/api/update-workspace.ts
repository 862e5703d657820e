import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesRoutes } from '@shared/routes/workspaces';
import type { UpdateWorkspaceInput, WorkspaceView } from '@shared/schemas/workspace';
import { ApiError, callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { workspacesQueryOptions } from './get-workspaces';

export const UPDATE_WORKSPACE_FAILED = 'Failed to update workspace settings';

/**
 * PATCH the workspace's settings (owners and admins); the cached list shows the answer. A write refused
 * as stale (409: someone else changed the workspace since) rereads the list, so the form shows their change.
 */
export function useUpdateWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateWorkspaceInput) => (await callRoute(workspacesRoutes.UpdateWorkspace, { params: { workspaceId }, body: input })).workspace,
    onSuccess: (workspace) => {
      editCachedData<WorkspaceView[]>(queryClient, workspacesQueryOptions().queryKey, (list) => list.map((candidate) => (candidate.id === workspace.id ? workspace : candidate)));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey });
    },
  });
}
