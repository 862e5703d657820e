import { restoreDeletedTasksFor } from '../../domain/task-bulk.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.RestoreDeletedTasks, ({ caller, params, body }) => restoreDeletedTasksFor(caller, params.workspaceId, body));
