import { syncGoogleCalendarFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.SyncGoogleCalendar, async ({ caller, params }) => ({ accounts: await syncGoogleCalendarFor(caller, params.workspaceId) }));
