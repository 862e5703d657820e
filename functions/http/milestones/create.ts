import { createMilestoneInput } from '../../../shared/schemas/project.js';
import { createMilestoneFor } from '../../domain/milestones.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: createMilestoneInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 201,
    body: {
      milestone: await createMilestoneFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        body,
      ),
    },
  }),
});
