import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membersRoutes } from '@shared/routes/members';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { departureKey, workspaceListKey } from '@/features/workspaces';

/**
 * The signed-in user's own membership of a workspace: leaving it, and acknowledging the notice of having
 * been added to it. Shared by the members page, the bell and the banner.
 */

export const LEAVE_WORKSPACE_FAILED = 'Failed to leave workspace';

/** The confirmation before leaving (spec: a destructive change is confirmed). */
export function leaveConfirmation(workspaceName: string) {
  return {
    title: 'Leave Workspace',
    message: `Are you sure you want to leave ${workspaceName}? You lose access to its projects until someone adds you again.`,
    confirmLabel: 'Leave',
    danger: true,
  };
}

/** Leave Workspace: it disappears from the list at once; the current workspace moves on by itself. */
export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: departureKey,
    mutationFn: (workspaceId: string) => callRoute(membersRoutes.LeaveWorkspace, { params: { workspaceId } }),
    onSuccess: (_nothing, workspaceId) => {
      editCachedData<WorkspaceView[]>(queryClient, workspaceListKey, (workspaces) => workspaces.filter((workspace) => workspace.id !== workspaceId));
      queryClient.removeQueries({ queryKey: ['workspaces', workspaceId] });
    },
  });
}

/** The notice was seen: it leaves the bell and the banner at once, and is not shown again. */
export function useAcknowledgeNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) => callRoute(membersRoutes.AcknowledgeMembershipNotice, { params: { workspaceId } }),
    onMutate: (workspaceId) =>
      editCachedData<WorkspaceView[]>(queryClient, workspaceListKey, (workspaces) =>
        workspaces.map((workspace) => (workspace.id === workspaceId ? withoutNotice(workspace) : workspace)),
      ),
    onError: () => void queryClient.invalidateQueries({ queryKey: workspaceListKey }),
  });
}

function withoutNotice({ notice: _notice, ...workspace }: WorkspaceView): WorkspaceView {
  return workspace;
}
