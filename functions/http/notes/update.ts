import { updateNoteInput } from '../../../shared/schemas/project.js';
import { updateNoteFor } from '../../domain/notes.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: updateNoteInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 200,
    body: {
      note: await updateNoteFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        requiredPathParameter(pathParameters, 'noteId'),
        body,
      ),
    },
  }),
});
