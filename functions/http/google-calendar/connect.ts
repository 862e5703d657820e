import { connectGoogleAccountFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ConnectGoogleAccount, async ({ caller, params, body }) => ({
  account: await connectGoogleAccountFor(caller, params.workspaceId, body),
}));
