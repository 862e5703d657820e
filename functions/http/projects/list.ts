import { listProjectsFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { projectsRoutes } from '../../../shared/routes/projects.js';

export const handler = routeHandler(projectsRoutes.ListProjects, async ({ caller, params }) => ({ projects: await listProjectsFor(caller, params.workspaceId) }));
