import { disconnectGoogleAccountFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.DisconnectGoogleAccount, ({ caller, params }) => disconnectGoogleAccountFor(caller, params.workspaceId, params.accountId));
