import { listTasksFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.ListTasks, ({ caller, params, query }) => listTasksFor(caller, params.workspaceId, query));
