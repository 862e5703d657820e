import { workspaceIdParams } from '../schemas/ids.js';
import { searchQuery, searchResponse } from '../schemas/search.js';
import { namedRoutes } from './contract.js';

/** Search: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const searchRoutes = namedRoutes({
  // The header's search: projects, tasks, notes and links by the words of their titles (and notes' text).
  SearchWorkspace: {
    method: 'GET', path: '/workspaces/{workspaceId}/search', handler: 'functions/http/search/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: searchQuery, response: searchResponse,
  },
});
