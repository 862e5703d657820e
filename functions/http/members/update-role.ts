import { updateMemberRoleInput } from '../../../shared/schemas/member.js';
import { updateMemberRoleFor } from '../../domain/members.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: updateMemberRoleInput,
  handle: async ({ caller, body, pathParameters }) => ({
    statusCode: 200,
    body: {
      member: await updateMemberRoleFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'userId'),
        body,
      ),
    },
  }),
});
