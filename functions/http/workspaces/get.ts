import { getWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { workspacesRoutes } from '../../../shared/routes/workspaces.js';

export const handler = routeHandler(workspacesRoutes.GetWorkspace, async ({ caller, params }) => ({ workspace: await getWorkspaceFor(caller, params.workspaceId) }));
