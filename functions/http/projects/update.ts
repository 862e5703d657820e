import { updateProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateProject, async ({ caller, params, body }) => ({
  project: await updateProjectFor(caller, params.workspaceId, params.projectId, body),
}));
