import { listMembersFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListMembers, async ({ caller, params }) => ({ members: await listMembersFor(caller, params.workspaceId) }));
