import { updateMilestoneFor } from '../../domain/milestones.js';
import { routeHandler } from '../../lib/http-handler.js';
import { milestonesRoutes } from '../../../shared/routes/milestones.js';

export const handler = routeHandler(milestonesRoutes.UpdateMilestone, async ({ caller, params, body }) => ({
  milestone: await updateMilestoneFor(caller, params.workspaceId, params.projectId, params.milestoneId, body),
}));
