import { sendInvitationFor } from '../../domain/invitations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { invitationsRoutes } from '../../../shared/routes/invitations.js';

export const handler = routeHandler(invitationsRoutes.SendInvitation, ({ caller, params, body }) => sendInvitationFor(caller, params.workspaceId, body));
