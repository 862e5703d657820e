import { createLabelFor } from '../../domain/labels.js';
import { routeHandler } from '../../lib/http-handler.js';
import { labelsRoutes } from '../../../shared/routes/labels.js';

export const handler = routeHandler(labelsRoutes.CreateLabel, async ({ caller, params, body }) => ({ label: await createLabelFor(caller, params.workspaceId, body) }));
