import { deleteMilestoneFor } from '../../domain/milestones.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await deleteMilestoneFor(
      caller,
      requiredPathParameter(pathParameters, 'workspaceId'),
      requiredPathParameter(pathParameters, 'projectId'),
      requiredPathParameter(pathParameters, 'milestoneId'),
    );
    return { statusCode: 204 };
  },
});
