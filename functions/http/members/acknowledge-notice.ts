import { acknowledgeNoticeFor } from '../../domain/members.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.AcknowledgeMembershipNotice, ({ caller, params }) => acknowledgeNoticeFor(caller, params.workspaceId));
