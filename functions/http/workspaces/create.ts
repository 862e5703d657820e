import { createWorkspaceFor } from '../../domain/workspaces.js';
import { routeHandler } from '../../lib/http-handler.js';
import { workspacesRoutes } from '../../../shared/routes/workspaces.js';

export const handler = routeHandler(workspacesRoutes.CreateWorkspace, async ({ caller, body }) => ({ workspace: await createWorkspaceFor(caller, body) }));
