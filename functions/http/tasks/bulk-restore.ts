import { restoreTasksFor } from '../../domain/task-bulk.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.RestoreTasks, ({ caller, params, body }) => restoreTasksFor(caller, params.workspaceId, body));
