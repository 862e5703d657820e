import { createExportInput, exportParams, exportResponse, personalExportParams } from '../schemas/export.js';
import { workspaceIdParams } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

/**
 * Exports (issue 39): part of the route table (shared/routes.ts). Asking stores a pending job and starts the
 * export worker (shared/routes/workers.ts); reading a job answers its status and, once done, download links
 * of a few minutes to its files. API tokens are refused: an export carries a whole workspace, or a person's
 * everything, away, which only the person at the app may ask for.
 */
export const exportsRoutes = namedRoutes({
  // A workspace's export for its owners and admins (members 403), a project's for any member.
  CreateWorkspaceExport: {
    method: 'POST', path: '/workspaces/{workspaceId}/exports', handler: 'functions/http/exports/create', auth: 'user', refusesApiTokens: true, dataAccess: 'write', startsExports: true, status: 201,
    params: workspaceIdParams, body: createExportInput, response: exportResponse,
  },
  // Its requester only (anyone else 404).
  GetWorkspaceExport: {
    method: 'GET', path: '/workspaces/{workspaceId}/exports/{exportId}', handler: 'functions/http/exports/get', auth: 'user', refusesApiTokens: true, dataAccess: 'read', fileAccess: 'read-exports', status: 200,
    params: exportParams, response: exportResponse,
  },
  // Everything about the caller: profile, tasks, comments, assistant conversations.
  CreatePersonalExport: {
    method: 'POST', path: '/profile/exports', handler: 'functions/http/exports/create-personal', auth: 'user', refusesApiTokens: true, dataAccess: 'write', startsExports: true, status: 201,
    response: exportResponse,
  },
  GetPersonalExport: {
    method: 'GET', path: '/profile/exports/{exportId}', handler: 'functions/http/exports/get-personal', auth: 'user', refusesApiTokens: true, dataAccess: 'read', fileAccess: 'read-exports', status: 200,
    params: personalExportParams, response: exportResponse,
  },
});
