import { updateWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateWorkspace, async ({ caller, params, body }) => ({
  workspace: await updateWorkspaceFor(caller, params.workspaceId, body),
}));
