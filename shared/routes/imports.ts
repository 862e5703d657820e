import { createImportInput, importList, importParams, importResponse, importUpload } from '../schemas/import.js';
import { workspaceIdParams } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

/**
 * Imports (issue 39): part of the route table (shared/routes.ts), for a workspace's owners and admins
 * (members 403, outsiders 404). Asking stores a job and answers a presigned POST for the file under
 * imports/; saying it is uploaded starts the import worker's analysis, Start its writing (the worker,
 * shared/routes/workers.ts). API tokens are refused, as for exports: an import writes a whole file's worth
 * into a workspace, which only the person at the app may start.
 */
export const importsRoutes = namedRoutes({
  CreateImport: {
    method: 'POST', path: '/workspaces/{workspaceId}/imports', handler: 'functions/http/imports/create', auth: 'user', refusesApiTokens: true, dataAccess: 'write', fileAccess: 'upload-imports', status: 201,
    params: workspaceIdParams, body: createImportInput, response: importUpload,
  },
  ListImports: {
    method: 'GET', path: '/workspaces/{workspaceId}/imports', handler: 'functions/http/imports/list', auth: 'user', refusesApiTokens: true, dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: importList,
  },
  GetImport: {
    method: 'GET', path: '/workspaces/{workspaceId}/imports/{importId}', handler: 'functions/http/imports/get', auth: 'user', refusesApiTokens: true, dataAccess: 'read', status: 200,
    params: importParams, response: importResponse,
  },
  // Checks the uploaded object's size (deleting one that differs) and starts the analysis.
  CompleteImportUpload: {
    method: 'POST', path: '/workspaces/{workspaceId}/imports/{importId}/uploaded', handler: 'functions/http/imports/uploaded', auth: 'user', refusesApiTokens: true, dataAccess: 'write', fileAccess: 'check-imports', startsImports: true, status: 200,
    params: importParams, response: importResponse,
  },
  StartImport: {
    method: 'POST', path: '/workspaces/{workspaceId}/imports/{importId}/start', handler: 'functions/http/imports/start', auth: 'user', refusesApiTokens: true, dataAccess: 'write', startsImports: true, status: 200,
    params: importParams, response: importResponse,
  },
  // Before it runs: the job is marked cancelled and its file deleted.
  CancelImport: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/imports/{importId}', handler: 'functions/http/imports/cancel', auth: 'user', refusesApiTokens: true, dataAccess: 'write', fileAccess: 'delete-imports', status: 204,
    params: importParams,
  },
});
