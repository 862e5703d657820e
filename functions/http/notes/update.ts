import { updateNoteFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { notesRoutes } from '../../../shared/routes/notes.js';

export const handler = routeHandler(notesRoutes.UpdateNote, async ({ caller, params, body }) => ({
  note: await updateNoteFor(caller, params.workspaceId, params.projectId, params.noteId, body),
}));
