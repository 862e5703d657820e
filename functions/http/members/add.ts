import { addMemberInput } from '../../../shared/schemas/member.js';
import { addMemberFor } from '../../domain/members.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: addMemberInput,
  handle: async ({ caller, body, pathParameters }) => ({
    statusCode: 201,
    body: { member: await addMemberFor(caller, requiredPathParameter(pathParameters, 'workspaceId'), body) },
  }),
});
