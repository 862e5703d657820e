import { getProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GetProject, async ({ caller, params }) => ({ project: await getProjectFor(caller, params.workspaceId, params.projectId) }));
