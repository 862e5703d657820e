import { listTasksFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListTasks, ({ caller, params, query }) => listTasksFor(caller, params.workspaceId, query));
