import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labelsRoutes } from '@shared/routes/labels';
import type { CreateLabelInput, LabelView, UpdateLabelInput } from '@shared/schemas/label';
import { callRoute } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** The workspace's labels (issue 36): read by every member, changed by owners and admins. */
export const labelKeys = {
  list: (workspaceId: string) => ['workspaces', workspaceId, 'labels'] as const,
};

export const SAVE_LABEL_FAILED = 'Failed to save label. Please try again.';
export const DELETE_LABEL_FAILED = 'Failed to delete label';

export function useLabels(workspaceId?: string) {
  const { currentWorkspace } = useCurrentWorkspace();
  const id = workspaceId ?? currentWorkspace?.id ?? '';
  return useQuery({
    queryKey: labelKeys.list(id),
    queryFn: async ({ signal }) => (await callRoute(labelsRoutes.ListLabels, { params: { workspaceId: id }, signal })).labels,
    enabled: id !== '',
  });
}

/** After any write the list is read again: it is short, and its order (by name) is the server's. */
function useLabelMutation<T>(workspaceId: string, write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: labelKeys.list(workspaceId) }) });
}

export function useCreateLabel(workspaceId: string) {
  return useLabelMutation(workspaceId, (input: CreateLabelInput) => callRoute(labelsRoutes.CreateLabel, { params: { workspaceId }, body: input }));
}

export function useUpdateLabel(workspaceId: string) {
  return useLabelMutation(workspaceId, ({ labelId, ...input }: UpdateLabelInput & { labelId: string }) =>
    callRoute(labelsRoutes.UpdateLabel, { params: { workspaceId, labelId }, body: input }),
  );
}

export function useDeleteLabel(workspaceId: string) {
  return useLabelMutation(workspaceId, (label: LabelView) => callRoute(labelsRoutes.DeleteLabel, { params: { workspaceId, labelId: label.id } }));
}
