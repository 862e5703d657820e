import { leaveWorkspaceFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.LeaveWorkspace, ({ caller, params }) => leaveWorkspaceFor(caller, params.workspaceId));
