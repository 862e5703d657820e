import { workspaceIdParams } from '../schemas/ids.js';
import { listTrashQuery, restoredTrashEntry, restoreTrashInput, trashEntryParams, trashPage } from '../schemas/trash.js';
import { namedRoutes } from './contract.js';

const base = '/workspaces/{workspaceId}/trash';

/** The workspace's Trash (issue 37): part of the route table (shared/routes.ts); a handler imports only its own part. */
export const trashRoutes = namedRoutes({
  // A page of the trash, latest deletion first: an owner's or admin's every entry, a member's own.
  ListTrash: {
    method: 'GET', path: base, handler: 'functions/http/trash/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: listTrashQuery, response: trashPage,
  },
  // Puts the entry back (into another project when `projectId` is sent); members their own entries only.
  RestoreTrashEntry: {
    method: 'POST', path: `${base}/{entryId}/restore`, handler: 'functions/http/trash/restore', auth: 'user', dataAccess: 'write', status: 200,
    params: trashEntryParams, body: restoreTrashInput, response: restoredTrashEntry,
  },
  // Delete forever: owners and admins.
  DeleteTrashEntry: {
    method: 'DELETE', path: `${base}/{entryId}`, handler: 'functions/http/trash/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: trashEntryParams,
  },
  // Empty trash: owners and admins.
  EmptyTrash: {
    method: 'DELETE', path: base, handler: 'functions/http/trash/empty', auth: 'user', dataAccess: 'write', status: 204,
    params: workspaceIdParams,
  },
});
