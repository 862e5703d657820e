import { deleteProjectFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { projectsRoutes } from '../../../shared/routes/projects.js';

export const handler = routeHandler(projectsRoutes.DeleteProject, ({ caller, params }) => deleteProjectFor(caller, params.workspaceId, params.projectId));
