import { removeMemberFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { membersRoutes } from '../../../shared/routes/members.js';

export const handler = routeHandler(membersRoutes.RemoveMember, ({ caller, params }) => removeMemberFor(caller, params.workspaceId, params.userId));
