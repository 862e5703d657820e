import { dashboardFor } from '../../domain/dashboard.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GetDashboard, async ({ caller, params, query }) => ({
  dashboard: await dashboardFor(caller, params.workspaceId, query),
}));
