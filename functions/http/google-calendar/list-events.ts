import { listGoogleEventsFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListGoogleEvents, async ({ caller, params, query }) => ({ events: await listGoogleEventsFor(caller, params.workspaceId, query) }));
