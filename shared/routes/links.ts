import * as z from 'zod/mini';
import { resourceId, workspaceIdParams } from '../schemas/ids.js';
import { createLinkInput, linkResponse, listLinksResponse, updateLinkInput } from '../schemas/link.js';
import { namedRoutes } from './contract.js';

const linkParams = z.extend(workspaceIdParams, { linkId: resourceId() });

/** Links: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const linksRoutes = namedRoutes({
  // Links: a workspace's bookmarks, for its members (no server-side request is ever made to their urls).
  ListLinks: {
    method: 'GET', path: '/workspaces/{workspaceId}/links', handler: 'functions/http/links/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listLinksResponse,
  },
  CreateLink: {
    method: 'POST', path: '/workspaces/{workspaceId}/links', handler: 'functions/http/links/create', auth: 'user', dataAccess: 'write', status: 201,
    params: workspaceIdParams, body: createLinkInput, response: linkResponse,
  },
  UpdateLink: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/links/{linkId}', handler: 'functions/http/links/update', auth: 'user', dataAccess: 'write', status: 200,
    params: linkParams, body: updateLinkInput, response: linkResponse,
  },
  DeleteLink: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/links/{linkId}', handler: 'functions/http/links/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: linkParams,
  },
});
