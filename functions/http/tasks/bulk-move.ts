import { bulkMoveTasksFor } from '../../domain/task-bulk.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.BulkMoveTasks, ({ caller, params, body }) => bulkMoveTasksFor(caller, params.workspaceId, body));
