import { createTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.CreateTask, async ({ caller, params, body }) => ({
  task: await createTaskFor(caller, params.workspaceId, params.projectId, body),
}));
