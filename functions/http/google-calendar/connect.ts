import { connectGoogleAccountFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.ConnectGoogleAccount, async ({ caller, params, body }) => ({
  account: await connectGoogleAccountFor(caller, params.workspaceId, body),
}));
