import { deleteWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { workspacesRoutes } from '../../../shared/routes/workspaces.js';

export const handler = routeHandler(workspacesRoutes.DeleteWorkspace, ({ caller, params }) => deleteWorkspaceFor(caller, params.workspaceId));
