import * as z from 'zod/mini';
import { resourceId, workspaceIdParams } from '../schemas/ids.js';
import { createLabelInput, labelResponse, listLabelsResponse, updateLabelInput } from '../schemas/label.js';
import { namedRoutes } from './contract.js';

const labelParams = z.extend(workspaceIdParams, { labelId: resourceId() });

/** Labels: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const labelsRoutes = namedRoutes({
  // Labels (issue 36): any member lists them; owners and admins create, change and delete them.
  ListLabels: {
    method: 'GET', path: '/workspaces/{workspaceId}/labels', handler: 'functions/http/labels/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listLabelsResponse,
  },
  CreateLabel: {
    method: 'POST', path: '/workspaces/{workspaceId}/labels', handler: 'functions/http/labels/create', auth: 'user', dataAccess: 'write', status: 201,
    params: workspaceIdParams, body: createLabelInput, response: labelResponse,
  },
  UpdateLabel: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/labels/{labelId}', handler: 'functions/http/labels/update', auth: 'user', dataAccess: 'write', status: 200,
    params: labelParams, body: updateLabelInput, response: labelResponse,
  },
  DeleteLabel: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/labels/{labelId}', handler: 'functions/http/labels/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: labelParams,
  },
});
