import { deleteNoteFor } from '../../domain/notes.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  handle: async ({ caller, pathParameters }) => {
    await deleteNoteFor(
      caller,
      requiredPathParameter(pathParameters, 'workspaceId'),
      requiredPathParameter(pathParameters, 'projectId'),
      requiredPathParameter(pathParameters, 'noteId'),
    );
    return { statusCode: 204 };
  },
});
