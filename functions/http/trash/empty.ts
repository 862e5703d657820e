import { emptyTrashFor } from '../../domain/trash.js';
import { routeHandler } from '../../lib/http-handler.js';
import { trashRoutes } from '../../../shared/routes/trash.js';

export const handler = routeHandler(trashRoutes.EmptyTrash, ({ caller, params }) => emptyTrashFor(caller, params.workspaceId));
