import { deleteTaskFor } from '../../domain/tasks.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await deleteTaskFor(
      caller,
      requiredPathParameter(pathParameters, 'workspaceId'),
      requiredPathParameter(pathParameters, 'projectId'),
      requiredPathParameter(pathParameters, 'taskId'),
    );
    return { statusCode: 204 };
  },
});
