import { listInvitationsFor } from '../../domain/invitations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListInvitations, async ({ caller, params }) => ({ invitations: await listInvitationsFor(caller, params.workspaceId) }));
