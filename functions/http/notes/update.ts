import { updateNoteFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateNote, async ({ caller, params, body }) => ({
  note: await updateNoteFor(caller, params.workspaceId, params.projectId, params.noteId, body),
}));
