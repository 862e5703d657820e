import { savedWeeklyPlanFor } from '../../domain/weekly-plan.js';
import { routeHandler } from '../../lib/http-handler.js';
import { weeklyPlanRoutes } from '../../../shared/routes/weekly-plan.js';

export const handler = routeHandler(weeklyPlanRoutes.GetWeeklyPlan, async ({ caller, params }) => ({
  weeklyPlan: await savedWeeklyPlanFor(caller, params.workspaceId),
}));
