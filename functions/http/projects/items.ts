import { listProjectItemsFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { projectsRoutes } from '../../../shared/routes/projects.js';

export const handler = routeHandler(projectsRoutes.ListProjectItems, ({ caller, params }) => listProjectItemsFor(caller, params.workspaceId, params.projectId));
