import { moveTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.MoveTask, async ({ caller, params, body }) => ({
  task: await moveTaskFor(caller, params.workspaceId, params.projectId, params.taskId, body),
}));
