import { updateMilestoneFor } from '../../domain/milestones.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateMilestone, async ({ caller, params, body }) => ({
  milestone: await updateMilestoneFor(caller, params.workspaceId, params.projectId, params.milestoneId, body),
}));
