import { revokeInvitationFor } from '../../domain/invitations.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

/**
 * The address arrives URL-encoded in the path. A valid address never contains '%', so decoding once is
 * safe whether or not the gateway decoded it already. Invitations are stored lower-cased; an address that
 * is not one simply has no invitation (404), after the caller's role is checked.
 */
function emailFromPath(raw: string): string {
  try {
    return decodeURIComponent(raw).trim().toLowerCase();
  } catch {
    return raw.trim().toLowerCase();
  }
}

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await revokeInvitationFor(
      caller,
      requiredPathParameter(pathParameters, 'workspaceId'),
      emailFromPath(requiredPathParameter(pathParameters, 'email')),
    );
    return { statusCode: 204 };
  },
});
