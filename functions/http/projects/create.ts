import { createProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { projectsRoutes } from '../../../shared/routes/projects.js';

export const handler = routeHandler(projectsRoutes.CreateProject, async ({ caller, params, body }) => ({ project: await createProjectFor(caller, params.workspaceId, body) }));
