import { deleteNoteFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteNote, ({ caller, params }) => deleteNoteFor(caller, params.workspaceId, params.projectId, params.noteId));
