import { moveTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.MoveTask, async ({ caller, params, body }) => ({
  task: await moveTaskFor(caller, params.workspaceId, params.projectId, params.taskId, body),
}));
