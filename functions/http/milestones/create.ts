import { createMilestoneFor } from '../../domain/milestones.js';
import { routeHandler } from '../../lib/http-handler.js';
import { milestonesRoutes } from '../../../shared/routes/milestones.js';

export const handler = routeHandler(milestonesRoutes.CreateMilestone, async ({ caller, params, body }) => ({
  milestone: await createMilestoneFor(caller, params.workspaceId, params.projectId, body),
}));
