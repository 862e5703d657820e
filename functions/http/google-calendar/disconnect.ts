import { disconnectGoogleAccountFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DisconnectGoogleAccount, ({ caller, params }) => disconnectGoogleAccountFor(caller, params.workspaceId, params.accountId));
