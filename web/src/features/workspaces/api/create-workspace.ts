import { createWorkspaceInput, workspaceResponse, type CreateWorkspaceInput, type WorkspaceView } from '../../../../../shared/schemas/workspace';
import { apiRequest } from '../../../lib/api-client';

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

/** POST /workspaces → 201 { workspace }: the caller becomes its owner. */
export async function createWorkspace(input: CreateWorkspaceInput): Promise<WorkspaceView> {
  const { workspace } = await apiRequest('/workspaces', { method: 'POST', body: createWorkspaceInput.parse(input), schema: workspaceResponse });
  return workspace;
}
