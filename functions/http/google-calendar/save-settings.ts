import { saveCalendarSettingsFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { googleCalendarRoutes } from '../../../shared/routes/google-calendar.js';

export const handler = routeHandler(googleCalendarRoutes.SaveGoogleCalendarSettings, async ({ caller, params, body }) => ({
  account: await saveCalendarSettingsFor(caller, params.workspaceId, params.accountId, body),
}));
