import { updateTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateTask, async ({ caller, params, body }) => ({
  task: await updateTaskFor(caller, params.workspaceId, params.projectId, params.taskId, body),
}));
