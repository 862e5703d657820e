import { createGoogleEventFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.CreateGoogleEvent, async ({ caller, params, body }) => ({ event: await createGoogleEventFor(caller, params.workspaceId, body) }));
