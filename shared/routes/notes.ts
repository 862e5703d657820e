import * as z from 'zod/mini';
import { projectIdParams, resourceId, workspaceIdParams } from '../schemas/ids.js';
import { listNotesQuery, notePage } from '../schemas/note-index.js';
import { createNoteInput, noteResponse, updateNoteInput } from '../schemas/project.js';
import { namedRoutes } from './contract.js';

const noteParams = z.extend(projectIdParams, { noteId: resourceId() });

/** Notes: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const notesRoutes = namedRoutes({
  ListNotes: {
    method: 'GET', path: '/workspaces/{workspaceId}/notes', handler: 'functions/http/notes/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: listNotesQuery, response: notePage,
  },
  CreateNote: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/notes', handler: 'functions/http/notes/create', auth: 'user', dataAccess: 'write',
    status: 201, params: projectIdParams, body: createNoteInput, response: noteResponse,
  },
  UpdateNote: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/notes/{noteId}', handler: 'functions/http/notes/update',
    auth: 'user', dataAccess: 'write', status: 200, params: noteParams, body: updateNoteInput, response: noteResponse,
  },
  DeleteNote: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/notes/{noteId}', handler: 'functions/http/notes/delete',
    auth: 'user', dataAccess: 'write', status: 204, params: noteParams,
  },
});
