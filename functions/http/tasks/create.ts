import { createTaskInput } from '../../../shared/schemas/project.js';
import { createTaskFor } from '../../domain/tasks.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: createTaskInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 201,
    body: {
      task: await createTaskFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        body,
      ),
    },
  }),
});
