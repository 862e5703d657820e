import { deleteTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteTask, ({ caller, params }) => deleteTaskFor(caller, params.workspaceId, params.projectId, params.taskId));
