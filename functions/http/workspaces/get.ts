import { getWorkspaceFor } from '../../domain/workspaces.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';
import { authenticatedHandler } from '../../lib/http-handler.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => ({
    statusCode: 200,
    body: { workspace: await getWorkspaceFor(caller, requiredPathParameter(pathParameters, 'workspaceId')) },
  }),
});
