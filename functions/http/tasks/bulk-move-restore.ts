import { restoreMovedTasksFor } from '../../domain/task-bulk.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.RestoreMovedTasks, ({ caller, params, body }) => restoreMovedTasksFor(caller, params.workspaceId, body));
