import { createTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateTask, async ({ caller, params, body }) => ({
  task: await createTaskFor(caller, params.workspaceId, params.projectId, body),
}));
