import { deleteWorkspaceFor } from '../../domain/workspaces.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await deleteWorkspaceFor(caller, requiredPathParameter(pathParameters, 'workspaceId'));
    return { statusCode: 204 };
  },
});
