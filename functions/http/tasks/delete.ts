import { deleteTaskFor } from '../../domain/tasks.js';
import { routeHandler } from '../../lib/http-handler.js';
import { tasksRoutes } from '../../../shared/routes/tasks.js';

export const handler = routeHandler(tasksRoutes.DeleteTask, ({ caller, params }) => deleteTaskFor(caller, params.workspaceId, params.projectId, params.taskId));
