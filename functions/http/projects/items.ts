import { listProjectItemsFor } from '../../domain/projects.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListProjectItems, ({ caller, params }) => listProjectItemsFor(caller, params.workspaceId, params.projectId));
