import { deleteProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteProject, ({ caller, params }) => deleteProjectFor(caller, params.workspaceId, params.projectId));
