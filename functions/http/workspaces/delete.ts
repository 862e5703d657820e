import { deleteWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteWorkspace, ({ caller, params }) => deleteWorkspaceFor(caller, params.workspaceId));
