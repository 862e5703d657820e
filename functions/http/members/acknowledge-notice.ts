import { acknowledgeNoticeFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { membersRoutes } from '../../../shared/routes/members.js';

export const handler = routeHandler(membersRoutes.AcknowledgeMembershipNotice, ({ caller, params }) => acknowledgeNoticeFor(caller, params.workspaceId));
