import { leaveWorkspaceFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { membersRoutes } from '../../../shared/routes/members.js';

export const handler = routeHandler(membersRoutes.LeaveWorkspace, ({ caller, params }) => leaveWorkspaceFor(caller, params.workspaceId));
