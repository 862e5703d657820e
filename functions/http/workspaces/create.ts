import { createWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateWorkspace, async ({ caller, body }) => ({ workspace: await createWorkspaceFor(caller, body) }));
