import { bulkDeleteTasksFor } from '../../domain/task-bulk.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.BulkDeleteTasks, ({ caller, params, body }) => bulkDeleteTasksFor(caller, params.workspaceId, body));
