import { createNoteInput } from '../../../shared/schemas/project.js';
import { createNoteFor } from '../../domain/notes.js';
import { authenticatedHandler } from '../../lib/http-handler.js';
import { requiredPathParameter } from '../../lib/path-parameters.js';

export const handler = authenticatedHandler({
  body: createNoteInput,
  handle: async ({ caller, pathParameters, body }) => ({
    statusCode: 201,
    body: {
      note: await createNoteFor(
        caller,
        requiredPathParameter(pathParameters, 'workspaceId'),
        requiredPathParameter(pathParameters, 'projectId'),
        body,
      ),
    },
  }),
});
