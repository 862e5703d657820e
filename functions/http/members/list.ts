import { listMembersFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { membersRoutes } from '../../../shared/routes/members.js';

export const handler = routeHandler(membersRoutes.ListMembers, async ({ caller, params }) => ({ members: await listMembersFor(caller, params.workspaceId) }));
