import { restoreTrashEntryFor } from '../../domain/trash.js';
import { routeHandler } from '../../lib/http-handler.js';
import { trashRoutes } from '../../../shared/routes/trash.js';

export const handler = routeHandler(trashRoutes.RestoreTrashEntry, ({ caller, params, body }) => restoreTrashEntryFor(caller, params.workspaceId, params.entryId, body));
