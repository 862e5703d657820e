import { listGoogleEventsFor } from '../../domain/google-calendar-views.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.ListGoogleEvents, async ({ caller, params, query }) => ({ events: await listGoogleEventsFor(caller, params.workspaceId, query) }));
