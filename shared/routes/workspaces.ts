import { workspaceIdParams } from '../schemas/ids.js';
import { createWorkspaceInput, listWorkspacesResponse, updateWorkspaceInput, workspaceResponse } from '../schemas/workspace.js';
import { namedRoutes } from './contract.js';

/** Workspaces: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const workspacesRoutes = namedRoutes({
  // A GET that writes: the first read after sign-in creates the caller's profile and accepts the
  // invitations waiting for their address.
  ListWorkspaces: {
    method: 'GET', path: '/workspaces', handler: 'functions/http/workspaces/list', auth: 'user', dataAccess: 'write', status: 200,
    response: listWorkspacesResponse,
  },
  CreateWorkspace: {
    method: 'POST', path: '/workspaces', handler: 'functions/http/workspaces/create', auth: 'user', dataAccess: 'write', status: 201,
    body: createWorkspaceInput, response: workspaceResponse,
  },
  GetWorkspace: {
    method: 'GET', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/get', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: workspaceResponse,
  },
  UpdateWorkspace: {
    method: 'PATCH', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/update', auth: 'user', dataAccess: 'write', status: 200,
    params: workspaceIdParams, body: updateWorkspaceInput, response: workspaceResponse,
  },
  DeleteWorkspace: {
    method: 'DELETE', path: '/workspaces/{workspaceId}', handler: 'functions/http/workspaces/delete', auth: 'user', dataAccess: 'write', usesGoogle: 'revocation', status: 204,
    params: workspaceIdParams,
  },
});
