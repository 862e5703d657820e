import { markNoticeFor } from '../../domain/inbox.js';
import { routeHandler } from '../../lib/http-handler.js';
import { inboxRoutes } from '../../../shared/routes/inbox.js';

export const handler = routeHandler(inboxRoutes.MarkInboxNotice, ({ caller, params, body }) => markNoticeFor(caller, params.noticeId, body));
