import { listProjectsFor } from '../../domain/projects.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => ({
    statusCode: 200,
    body: { projects: await listProjectsFor(caller, requiredPathParameter(pathParameters, 'workspaceId')) },
  }),
});
