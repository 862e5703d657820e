import { listGoogleAccountsFor } from '../../domain/google-calendar.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListGoogleAccounts, async ({ caller, params }) => ({ accounts: await listGoogleAccountsFor(caller, params.workspaceId) }));
