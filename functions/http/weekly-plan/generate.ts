import { generateWeeklyPlanFor } from '../../domain/weekly-plan.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GenerateWeeklyPlan, async ({ caller, params, body }) => ({
  weeklyPlan: await generateWeeklyPlanFor(caller, params.workspaceId, body),
}));
