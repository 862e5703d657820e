import { listMembersFor } from '../../domain/members.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => ({
    statusCode: 200,
    body: { members: await listMembersFor(caller, requiredPathParameter(pathParameters, 'workspaceId')) },
  }),
});
