import { createWorkspaceInput } from '../../../shared/schemas/workspace.js';
import { createWorkspaceFor } from '../../domain/workspaces.js';
import { authenticatedHandler } from '../../lib/http-handler.js';

export const handler = authenticatedHandler({
  body: createWorkspaceInput,
  handle: async ({ caller, body }) => ({ statusCode: 201, body: { workspace: await createWorkspaceFor(caller, body) } }),
});
