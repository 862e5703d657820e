import { createProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateProject, async ({ caller, params, body }) => ({ project: await createProjectFor(caller, params.workspaceId, body) }));
