import { getWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GetWorkspace, async ({ caller, params }) => ({ workspace: await getWorkspaceFor(caller, params.workspaceId) }));
