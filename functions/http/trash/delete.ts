import { deleteTrashEntryFor } from '../../domain/trash.js';
import { routeHandler } from '../../lib/http-handler.js';
import { trashRoutes } from '../../../shared/routes/trash.js';

export const handler = routeHandler(trashRoutes.DeleteTrashEntry, ({ caller, params }) => deleteTrashEntryFor(caller, params.workspaceId, params.entryId));
