import { revokeInvitationFor } from '../../domain/invitations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { invitationsRoutes } from '../../../shared/routes/invitations.js';

/** The address arrives as stored (trimmed, lower-cased; see the route's params); an unknown one is 404. */
export const handler = routeHandler(invitationsRoutes.RevokeInvitation, ({ caller, params }) => revokeInvitationFor(caller, params.workspaceId, params.email));
