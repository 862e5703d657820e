import { listInvitationsFor } from '../../domain/invitations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { invitationsRoutes } from '../../../shared/routes/invitations.js';

export const handler = routeHandler(invitationsRoutes.ListInvitations, async ({ caller, params }) => ({ invitations: await listInvitationsFor(caller, params.workspaceId) }));
