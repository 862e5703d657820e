import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesRoutes } from '@shared/routes/workspaces';
import { createWorkspaceInput, type CreateWorkspaceInput, type WorkspaceView } from '@shared/schemas/workspace';
import { callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { workspacesQueryOptions } from './get-workspaces';

export { createWorkspaceInput, type CreateWorkspaceInput };

export const CREATE_WORKSPACE_FAILED = 'Failed to create workspace. Please try again.';

/** The form's check before sending, with the same schema the API validates with: field → message. */
export function validateCreateWorkspace(values: { name: string }): Partial<Record<keyof CreateWorkspaceInput, string>> {
  const result = createWorkspaceInput.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof CreateWorkspaceInput, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name' && !errors.name) errors.name = issue.message;
  }
  return errors;
}

/** POST /workspaces: the caller becomes its owner; the answer joins the cached list at once. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateWorkspaceInput) => (await callRoute(workspacesRoutes.CreateWorkspace, { body: input })).workspace,
    onSuccess: (workspace: WorkspaceView) => {
      const key = workspacesQueryOptions().queryKey;
      // Into a list already read; a list not read yet is asked for (made of the new one alone it would hide the others).
      if (queryClient.getQueryData(key)) editCachedData<WorkspaceView[]>(queryClient, key, (list) => (list.some((candidate) => candidate.id === workspace.id) ? list : [...list, workspace]));
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
