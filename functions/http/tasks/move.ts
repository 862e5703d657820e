import { moveTaskInput } from '../../../shared/schemas/project.js';
import { moveTaskFor } from '../../domain/tasks.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: moveTaskInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 200,
    body: {
      task: await moveTaskFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        requiredPathParameter(pathParameters, 'taskId'),
        body,
      ),
    },
  }),
});
