import { workspaceIdParams } from '../schemas/ids.js';
import { generateWeeklyPlanInput, savedWeeklyPlanResponse, weeklyPlanResponse } from '../schemas/weekly-plan.js';
import { namedRoutes } from './contract.js';

/** The weekly plan: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const weeklyPlanRoutes = namedRoutes({
  // The last plan as saved: where it put each task and why (null before the first plan).
  GetWeeklyPlan: {
    method: 'GET', path: '/workspaces/{workspaceId}/weekly-plan', handler: 'functions/http/weekly-plan/get', auth: 'user', dataAccess: 'read',
    status: 200, params: workspaceIdParams, response: savedWeeklyPlanResponse,
  },
  // The weekly plan: places the pending tasks on the next 7 days and sets their due dates (spec core §7). An
  // owner or admin plans the whole workspace; a member only their own tasks.
  GenerateWeeklyPlan: {
    method: 'POST', path: '/workspaces/{workspaceId}/weekly-plan', handler: 'functions/http/weekly-plan/generate', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: generateWeeklyPlanInput, response: weeklyPlanResponse,
  },
});
