import { listGoogleAccountsFor } from '../../domain/google-calendar-views.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.ListGoogleAccounts, async ({ caller, params }) => ({ accounts: await listGoogleAccountsFor(caller, params.workspaceId) }));
