import { searchWorkspace } from '../../domain/search.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.SearchWorkspace, ({ caller, params, query }) => searchWorkspace(caller, params.workspaceId, query));
