import { deleteProjectFor } from '../../domain/projects.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await deleteProjectFor(caller, requiredPathParameter(pathParameters, 'workspaceId'), requiredPathParameter(pathParameters, 'projectId'));
    return { statusCode: 204 };
  },
});
