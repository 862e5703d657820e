import { createNoteFor } from '../../domain/notes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateNote, async ({ caller, params, body }) => ({
  note: await createNoteFor(caller, params.workspaceId, params.projectId, body),
}));
