import { listWorkspacesResponse, type WorkspaceView } from '../../../../../shared/schemas/workspace';
import { apiRequest } from '../../../lib/api-client';

export const FETCH_WORKSPACES_FAILED = 'Failed to fetch workspaces';

/** GET /workspaces: the caller's workspaces with their role in each. */
export async function getWorkspaces(signal?: AbortSignal): Promise<WorkspaceView[]> {
  const { workspaces } = await apiRequest('/workspaces', { schema: listWorkspacesResponse, ...(signal ? { signal } : {}) });
  return workspaces;
}
