import { markAllReadFor } from '../../domain/inbox.js';
import { routeHandler } from '../../lib/http-handler.js';
import { inboxRoutes } from '../../../shared/routes/inbox.js';

export const handler = routeHandler(inboxRoutes.MarkAllInboxRead, ({ caller }) => markAllReadFor(caller));
