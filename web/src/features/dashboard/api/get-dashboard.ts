import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@shared/routes/dashboard';
import { callRoute } from '@/lib/api-client';
import { taskIndexKeys } from '@/features/projects';

export const FETCH_DASHBOARD_FAILED = 'Failed to load the dashboard';

/** The dashboard's figures for the user's day; kept under the task index's key, so task writes refresh it, and every push
 * (projects' task-index-cache, workspaceActivityChanged). */
export const dashboardQueryOptions = (workspaceId: string, today: string) =>
  queryOptions({
    queryKey: [...taskIndexKeys.dashboard(workspaceId), today] as const,
    queryFn: async ({ signal }) => (await callRoute(dashboardRoutes.GetDashboard, { params: { workspaceId }, query: { today }, signal })).dashboard,
  });

export function useDashboard(workspaceId: string, today: string) {
  return useQuery(dashboardQueryOptions(workspaceId, today));
}
