import { listWorkspacesOf } from '../../domain/workspaces.js';
import { authenticatedHandler } from '../../lib/http-handler.js';

export const handler = authenticatedHandler({
  handle: async ({ caller }) => ({ statusCode: 200, body: { workspaces: await listWorkspacesOf(caller) } }),
});
