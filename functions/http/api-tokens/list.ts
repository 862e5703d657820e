import { listApiTokensFor } from '../../domain/api-tokens.js';
import { routeHandler } from '../../lib/http-handler.js';
import { apiTokensRoutes } from '../../../shared/routes/api-tokens.js';

export const handler = routeHandler(apiTokensRoutes.ListApiTokens, async ({ caller }) => ({ tokens: await listApiTokensFor(caller) }));
