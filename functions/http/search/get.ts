import { searchWorkspace } from '../../domain/search.js';
import { routeHandler } from '../../lib/http-handler.js';
import { searchRoutes } from '../../../shared/routes/search.js';

export const handler = routeHandler(searchRoutes.SearchWorkspace, ({ caller, params, query }) => searchWorkspace(caller, params.workspaceId, query));
