import { updateProjectInput } from '../../../shared/schemas/project.js';
import { updateProjectFor } from '../../domain/projects.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: updateProjectInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 200,
    body: {
      project: await updateProjectFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        body,
      ),
    },
  }),
});
