import { syncGoogleCalendarFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.SyncGoogleCalendar, async ({ caller, params }) => ({ accounts: await syncGoogleCalendarFor(caller, params.workspaceId) }));
