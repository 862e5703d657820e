import { addMemberFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { membersRoutes } from '../../../shared/routes/members.js';

export const handler = routeHandler(membersRoutes.AddMember, async ({ caller, params, body }) => ({ member: await addMemberFor(caller, params.workspaceId, body) }));
