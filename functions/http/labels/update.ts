import { updateLabelFor } from '../../domain/labels.js';
import { routeHandler } from '../../lib/http-handler.js';
import { labelsRoutes } from '../../../shared/routes/labels.js';

export const handler = routeHandler(labelsRoutes.UpdateLabel, async ({ caller, params, body }) => ({
  label: await updateLabelFor(caller, params.workspaceId, params.labelId, body),
}));
