import { sendInvitationFor } from '../../domain/invitations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.SendInvitation, ({ caller, params, body }) => sendInvitationFor(caller, params.workspaceId, body));
