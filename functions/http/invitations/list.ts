import { listInvitationsFor } from '../../domain/invitations.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => ({
    statusCode: 200,
    body: { invitations: await listInvitationsFor(caller, requiredPathParameter(pathParameters, 'workspaceId')) },
  }),
});
