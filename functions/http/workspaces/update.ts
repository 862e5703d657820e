import { updateWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { workspacesRoutes } from '../../../shared/routes/workspaces.js';

export const handler = routeHandler(workspacesRoutes.UpdateWorkspace, async ({ caller, params, body }) => ({
  workspace: await updateWorkspaceFor(caller, params.workspaceId, body),
}));
