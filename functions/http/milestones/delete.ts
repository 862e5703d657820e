import { deleteMilestoneFor } from '../../domain/milestones.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteMilestone, ({ caller, params }) => deleteMilestoneFor(caller, params.workspaceId, params.projectId, params.milestoneId));
