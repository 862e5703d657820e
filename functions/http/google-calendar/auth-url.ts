import { googleAuthUrlFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GetGoogleAuthUrl, async ({ caller, params }) => ({ authUrl: await googleAuthUrlFor(caller, params.workspaceId) }));
