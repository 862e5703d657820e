import {
  apiTokenIdParams,
  createApiTokenInput,
  createdApiTokenResponse,
  listApiTokensResponse,
  listWorkspaceApiTokensResponse,
  workspaceApiTokenParams,
} from '../schemas/api-token.js';
import { workspaceIdParams } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

/**
 * Personal API tokens: part of the route table (shared/routes.ts); a handler imports only its own part. Each
 * refuses a caller signed in with a token, so a leaked token cannot make or keep more of them.
 */
export const apiTokensRoutes = namedRoutes({
  CreateApiToken: {
    method: 'POST', path: '/api-tokens', handler: 'functions/http/api-tokens/create', auth: 'user', refusesApiTokens: true, dataAccess: 'write', status: 201,
    body: createApiTokenInput, response: createdApiTokenResponse,
  },
  ListApiTokens: {
    method: 'GET', path: '/api-tokens', handler: 'functions/http/api-tokens/list', auth: 'user', refusesApiTokens: true, dataAccess: 'read', status: 200,
    response: listApiTokensResponse,
  },
  RevokeApiToken: {
    method: 'DELETE', path: '/api-tokens/{tokenId}', handler: 'functions/http/api-tokens/revoke', auth: 'user', refusesApiTokens: true, dataAccess: 'write', status: 204,
    params: apiTokenIdParams,
  },
  // Owners and admins: the tokens that reach their workspace (bound to it, or to all of a member's).
  ListWorkspaceApiTokens: {
    method: 'GET', path: '/workspaces/{workspaceId}/api-tokens', handler: 'functions/http/api-tokens/list-workspace', auth: 'user', refusesApiTokens: true, dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listWorkspaceApiTokensResponse,
  },
  RevokeWorkspaceApiToken: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/api-tokens/{tokenId}', handler: 'functions/http/api-tokens/revoke-workspace', auth: 'user', refusesApiTokens: true, dataAccess: 'write', status: 204,
    params: workspaceApiTokenParams,
  },
});
