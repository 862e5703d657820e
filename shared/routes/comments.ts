import * as z from 'zod/mini';
import { commentInput, commentPage, commentResponse, listCommentsQuery } from '../schemas/comment.js';
import { projectIdParams, resourceId } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

const taskParams = z.extend(projectIdParams, { taskId: resourceId() });
const commentParams = z.extend(taskParams, { commentId: resourceId() });
const base = '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/comments';

/** Comments on tasks (issue 37): part of the route table (shared/routes.ts); a handler imports only its own part. */
export const commentsRoutes = namedRoutes({
  // A member's page of a task's comments, oldest first (newest last); the newest page first, the cursor reads earlier ones.
  ListComments: {
    method: 'GET', path: base, handler: 'functions/http/comments/list', auth: 'user', dataAccess: 'read', status: 200,
    params: taskParams, query: listCommentsQuery, response: commentPage,
  },
  CreateComment: {
    method: 'POST', path: base, handler: 'functions/http/comments/create', auth: 'user', dataAccess: 'write', status: 201,
    params: taskParams, body: commentInput, response: commentResponse,
  },
  // Its author only.
  UpdateComment: {
    method: 'PATCH', path: `${base}/{commentId}`, handler: 'functions/http/comments/update', auth: 'user', dataAccess: 'write', status: 200,
    params: commentParams, body: commentInput, response: commentResponse,
  },
  // Its author, or an owner or admin of the workspace.
  DeleteComment: {
    method: 'DELETE', path: `${base}/{commentId}`, handler: 'functions/http/comments/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: commentParams,
  },
});
