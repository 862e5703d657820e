import { listTrashFor } from '../../domain/trash.js';
import { routeHandler } from '../../lib/http-handler.js';
import { trashRoutes } from '../../../shared/routes/trash.js';

export const handler = routeHandler(trashRoutes.ListTrash, ({ caller, params, query }) => listTrashFor(caller, params.workspaceId, query));
