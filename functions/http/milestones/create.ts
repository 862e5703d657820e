import { createMilestoneFor } from '../../domain/milestones.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateMilestone, async ({ caller, params, body }) => ({
  milestone: await createMilestoneFor(caller, params.workspaceId, params.projectId, body),
}));
