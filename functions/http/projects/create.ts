import { createProjectInput } from '../../../shared/schemas/project.js';
import { createProjectFor } from '../../domain/projects.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: createProjectInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 201,
    body: { project: await createProjectFor(caller, requiredPathParameter(pathParameters, 'workspaceId'), body) },
  }),
});
