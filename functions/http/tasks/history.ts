import { taskHistoryFor } from '../../domain/task-history.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.ListTaskHistory, ({ caller, params, query }) =>
  taskHistoryFor(caller, params.workspaceId, params.projectId, params.taskId, query),
);
