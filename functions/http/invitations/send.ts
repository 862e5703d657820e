import { sendInvitationInput } from '../../../shared/schemas/member.js';
import { sendInvitationFor } from '../../domain/invitations.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: sendInvitationInput,
  handle: async ({ caller, body, pathParameters }) => ({
    statusCode: 201,
    body: await sendInvitationFor(caller, requiredPathParameter(pathParameters, 'workspaceId'), body),
  }),
});
