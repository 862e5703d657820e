import { generateWeeklyPlanFor } from '../../domain/weekly-plan.js';
import { routeHandler } from '../../lib/http-handler.js';
import { weeklyPlanRoutes } from '../../../shared/routes/weekly-plan.js';

export const handler = routeHandler(weeklyPlanRoutes.GenerateWeeklyPlan, async ({ caller, params, body }) => ({
  weeklyPlan: await generateWeeklyPlanFor(caller, params.workspaceId, body),
}));
