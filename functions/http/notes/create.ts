import { createNoteFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { notesRoutes } from '../../../shared/routes/notes.js';

export const handler = routeHandler(notesRoutes.CreateNote, async ({ caller, params, body }) => ({
  note: await createNoteFor(caller, params.workspaceId, params.projectId, body),
}));
