import { dashboardFor } from '../../domain/dashboard.js';
import { routeHandler } from '../../lib/http-handler.js';
import { dashboardRoutes } from '../../../shared/routes/dashboard.js';

export const handler = routeHandler(dashboardRoutes.GetDashboard, async ({ caller, params, query }) => ({
  dashboard: await dashboardFor(caller, params.workspaceId, query),
}));
