import { workspaceIdParams } from '../schemas/ids.js';
import { generateWeeklyPlanInput, weeklyPlanResponse } from '../schemas/weekly-plan.js';
import { namedRoutes } from './contract.js';

/** The weekly plan: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const weeklyPlanRoutes = namedRoutes({
  // The weekly plan: places the pending tasks on the next 7 days and sets their due dates (spec core §7).
  GenerateWeeklyPlan: {
    method: 'POST', path: '/workspaces/{workspaceId}/weekly-plan', handler: 'functions/http/weekly-plan/generate', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: generateWeeklyPlanInput, response: weeklyPlanResponse,
  },
});
