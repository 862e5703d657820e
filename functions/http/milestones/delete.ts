import { deleteMilestoneFor } from '../../domain/milestones.js';
import { routeHandler } from '../../lib/http-handler.js';
import { milestonesRoutes } from '../../../shared/routes/milestones.js';

export const handler = routeHandler(milestonesRoutes.DeleteMilestone, ({ caller, params }) => deleteMilestoneFor(caller, params.workspaceId, params.projectId, params.milestoneId));
