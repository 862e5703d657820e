import { listLabelsFor } from '../../domain/labels.js';
import { routeHandler } from '../../lib/http-handler.js';
import { labelsRoutes } from '../../../shared/routes/labels.js';

export const handler = routeHandler(labelsRoutes.ListLabels, async ({ caller, params }) => ({ labels: await listLabelsFor(caller, params.workspaceId) }));
