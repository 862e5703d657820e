import { removeMemberFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.RemoveMember, ({ caller, params }) => removeMemberFor(caller, params.workspaceId, params.userId));
