import { bulkUpdateTasksFor } from '../../domain/task-bulk.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.BulkUpdateTasks, ({ caller, params, body }) => bulkUpdateTasksFor(caller, params.workspaceId, body));
