import { removeMemberFor } from '../../domain/members.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await removeMemberFor(
      caller,
      requiredPathParameter(pathParameters, 'workspaceId'),
      requiredPathParameter(pathParameters, 'userId'),
    );
    return { statusCode: 204 };
  },
});
