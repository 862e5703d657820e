import { googleAuthUrlFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.GetGoogleAuthUrl, async ({ caller, params }) => ({ authUrl: await googleAuthUrlFor(caller, params.workspaceId) }));
