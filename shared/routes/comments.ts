import * as z from 'zod/mini';
import { commentInput, commentPage, commentResponse, listCommentsQuery } from '../schemas/comment.js';
import { projectIdParams, resourceId } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

const taskParams = z.extend(projectIdParams, { taskId: resourceId() });
const commentParams = z.extend(taskParams, { commentId: resourceId() });
const base = '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/comments';
const projectCommentParams = z.extend(projectIdParams, { commentId: resourceId() });
const projectBase = '/workspaces/{workspaceId}/projects/{projectId}/comments';

/**
 * Comments on tasks and on projects themselves (issue 37): part of the route table (shared/routes.ts); a
 * handler imports only its own part. A project's four routes are its tasks' four without the task.
 */
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
  ListProjectComments: {
    method: 'GET', path: projectBase, handler: 'functions/http/comments/project-list', auth: 'user', dataAccess: 'read', status: 200,
    params: projectIdParams, query: listCommentsQuery, response: commentPage,
  },
  CreateProjectComment: {
    method: 'POST', path: projectBase, handler: 'functions/http/comments/project-create', auth: 'user', dataAccess: 'write', status: 201,
    params: projectIdParams, body: commentInput, response: commentResponse,
  },
  UpdateProjectComment: {
    method: 'PATCH', path: `${projectBase}/{commentId}`, handler: 'functions/http/comments/project-update', auth: 'user', dataAccess: 'write', status: 200,
    params: projectCommentParams, body: commentInput, response: commentResponse,
  },
  DeleteProjectComment: {
    method: 'DELETE', path: `${projectBase}/{commentId}`, handler: 'functions/http/comments/project-delete', auth: 'user', dataAccess: 'write', status: 204,
    params: projectCommentParams,
  },
});
