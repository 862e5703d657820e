import { listWorkspacesOf } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListWorkspaces, async ({ caller }) => ({ workspaces: await listWorkspacesOf(caller) }));
