import { deleteLabelFor } from '../../domain/labels.js';
import { routeHandler } from '../../lib/http-handler.js';
import { labelsRoutes } from '../../../shared/routes/labels.js';

export const handler = routeHandler(labelsRoutes.DeleteLabel, ({ caller, params }) => deleteLabelFor(caller, params.workspaceId, params.labelId));
