import { getProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { projectsRoutes } from '../../../shared/routes/projects.js';

export const handler = routeHandler(projectsRoutes.GetProject, async ({ caller, params }) => ({ project: await getProjectFor(caller, params.workspaceId, params.projectId) }));
