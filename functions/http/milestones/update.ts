import { updateMilestoneInput } from '../../../shared/schemas/project.js';
import { updateMilestoneFor } from '../../domain/milestones.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: updateMilestoneInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 200,
    body: {
      milestone: await updateMilestoneFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        requiredPathParameter(pathParameters, 'milestoneId'),
        body,
      ),
    },
  }),
});
