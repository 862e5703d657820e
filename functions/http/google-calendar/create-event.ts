import { createGoogleEventFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateGoogleEvent, async ({ caller, params, body }) => ({ event: await createGoogleEventFor(caller, params.workspaceId, body) }));
