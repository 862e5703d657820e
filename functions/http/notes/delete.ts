import { deleteNoteFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { notesRoutes } from '../../../shared/routes/notes.js';

export const handler = routeHandler(notesRoutes.DeleteNote, ({ caller, params }) => deleteNoteFor(caller, params.workspaceId, params.projectId, params.noteId));
