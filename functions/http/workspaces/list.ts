import { listWorkspacesOf } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { workspacesRoutes } from '../../../shared/routes/workspaces.js';

export const handler = routeHandler(workspacesRoutes.ListWorkspaces, async ({ caller }) => ({ workspaces: await listWorkspacesOf(caller) }));
