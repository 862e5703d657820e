import { listNotesFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListNotes, ({ caller, params, query }) => listNotesFor(caller, params.workspaceId, query));
