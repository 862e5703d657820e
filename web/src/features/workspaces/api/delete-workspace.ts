import { apiRequest } from '../../../lib/api-client';

export const DELETE_WORKSPACE_FAILED = 'Failed to delete workspace';

/** DELETE /workspaces/{id}: owner only; removes the workspace and everything in it. */
export async function deleteWorkspace(workspaceId: string): Promise<void> {
  await apiRequest(`/workspaces/${encodeURIComponent(workspaceId)}`, { method: 'DELETE' });
}
