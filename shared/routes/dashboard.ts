import { workspaceIdParams } from '../schemas/ids.js';
import { dashboardQuery, dashboardResponse } from '../schemas/dashboard.js';
import { namedRoutes } from './contract.js';

/** The dashboard: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const dashboardRoutes = namedRoutes({
  // The dashboard's figures, counted on the server from the project summaries and the task index.
  GetDashboard: {
    method: 'GET', path: '/workspaces/{workspaceId}/dashboard', handler: 'functions/http/dashboard/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: dashboardQuery, response: dashboardResponse,
  },
});
