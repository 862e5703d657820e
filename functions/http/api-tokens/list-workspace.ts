import { listWorkspaceApiTokensFor } from '../../domain/api-tokens.js';
import { routeHandler } from '../../lib/http-handler.js';
import { apiTokensRoutes } from '../../../shared/routes/api-tokens.js';

export const handler = routeHandler(apiTokensRoutes.ListWorkspaceApiTokens, async ({ caller, params }) => ({
  tokens: await listWorkspaceApiTokensFor(caller, params.workspaceId),
}));
