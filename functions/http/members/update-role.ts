import { updateMemberRoleFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateMemberRole, async ({ caller, params, body }) => ({
  member: await updateMemberRoleFor(caller, params.workspaceId, params.userId, body),
}));
