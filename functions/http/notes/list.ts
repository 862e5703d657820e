import { listNotesFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { notesRoutes } from '../../../shared/routes/notes.js';

export const handler = routeHandler(notesRoutes.ListNotes, ({ caller, params, query }) => listNotesFor(caller, params.workspaceId, query));
