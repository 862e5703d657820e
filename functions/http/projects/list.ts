import { listProjectsFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListProjects, async ({ caller, params }) => ({ projects: await listProjectsFor(caller, params.workspaceId) }));
