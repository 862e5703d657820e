import { updateProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { projectsRoutes } from '../../../shared/routes/projects.js';

export const handler = routeHandler(projectsRoutes.UpdateProject, async ({ caller, params, body }) => ({
  project: await updateProjectFor(caller, params.workspaceId, params.projectId, body),
}));
