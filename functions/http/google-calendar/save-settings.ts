import { saveCalendarSettingsFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.SaveGoogleCalendarSettings, async ({ caller, params, body }) => ({
  account: await saveCalendarSettingsFor(caller, params.workspaceId, params.accountId, body),
}));
