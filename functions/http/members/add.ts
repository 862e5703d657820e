import { addMemberFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.AddMember, async ({ caller, params, body }) => ({ member: await addMemberFor(caller, params.workspaceId, body) }));
