import { updateMemberRoleFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { membersRoutes } from '../../../shared/routes/members.js';

export const handler = routeHandler(membersRoutes.UpdateMemberRole, async ({ caller, params, body }) => ({
  member: await updateMemberRoleFor(caller, params.workspaceId, params.userId, body),
}));
