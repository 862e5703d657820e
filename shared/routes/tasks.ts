import * as z from 'zod/mini';
import { projectIdParams, resourceId, workspaceIdParams } from '../schemas/ids.js';
import { createTaskInput, moveTaskInput, taskResponse, updateTaskInput } from '../schemas/project.js';
import { listTasksQuery, taskPage } from '../schemas/task-index.js';
import {
  bulkDeleteTasksInput,
  bulkDeleteTasksResponse,
  bulkMoveTasksInput,
  bulkMoveTasksResponse,
  bulkRestoreTasksInput,
  bulkUpdateTasksInput,
  bulkUpdateTasksResponse,
  restoreDeletedTasksInput,
  restoreDeletedTasksResponse,
  restoreMovedTasksInput,
} from '../schemas/task-bulk.js';
import { taskHistoryPage, taskHistoryQuery } from '../schemas/task-history.js';
import { namedRoutes } from './contract.js';

const taskParams = z.extend(projectIdParams, { taskId: resourceId() });

/** Tasks: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const tasksRoutes = namedRoutes({
  // The workspace-wide task index: cross-project questions, one Query per page.
  ListTasks: {
    method: 'GET', path: '/workspaces/{workspaceId}/tasks', handler: 'functions/http/tasks/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, query: listTasksQuery, response: taskPage,
  },
  CreateTask: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks', handler: 'functions/http/tasks/create', auth: 'user', dataAccess: 'write',
    status: 201, params: projectIdParams, body: createTaskInput, response: taskResponse,
  },
  UpdateTask: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}', handler: 'functions/http/tasks/update',
    auth: 'user', dataAccess: 'write', status: 200, params: taskParams, body: updateTaskInput, response: taskResponse,
  },
  MoveTask: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/move', handler: 'functions/http/tasks/move',
    auth: 'user', dataAccess: 'write', status: 200, params: taskParams, body: moveTaskInput, response: taskResponse,
  },
  // A bulk edit of tasks selected on /tasks or the board (issue 36): they may span the workspace's projects.
  BulkUpdateTasks: {
    method: 'POST', path: '/workspaces/{workspaceId}/tasks/bulk', handler: 'functions/http/tasks/bulk-update', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: bulkUpdateTasksInput, response: bulkUpdateTasksResponse,
  },
  // Its Undo: each task's fields put back, if still at the version the edit gave it.
  RestoreTasks: {
    method: 'POST', path: '/workspaces/{workspaceId}/tasks/bulk/restore', handler: 'functions/http/tasks/bulk-restore', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: bulkRestoreTasksInput, response: bulkUpdateTasksResponse,
  },
  // Deletes the selected tasks with their sub-tasks, keeping the server's copies an hour for the Undo.
  BulkDeleteTasks: {
    method: 'POST', path: '/workspaces/{workspaceId}/tasks/bulk/delete', handler: 'functions/http/tasks/bulk-delete', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: bulkDeleteTasksInput, response: bulkDeleteTasksResponse,
  },
  // Its Undo: the deleted tasks made again from the server's copies (once; an unknown or used undoId is 404).
  RestoreDeletedTasks: {
    method: 'POST', path: '/workspaces/{workspaceId}/tasks/bulk/delete/restore', handler: 'functions/http/tasks/bulk-delete-restore', auth: 'user',
    dataAccess: 'write', status: 200, params: workspaceIdParams, body: restoreDeletedTasksInput, response: restoreDeletedTasksResponse,
  },
  // Moves the selected tasks (with their sub-tasks) to another project of the workspace.
  BulkMoveTasks: {
    method: 'POST', path: '/workspaces/{workspaceId}/tasks/bulk/move', handler: 'functions/http/tasks/bulk-move', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: bulkMoveTasksInput, response: bulkMoveTasksResponse,
  },
  // Its Undo: each moved task back to its project, place and parent, if still at the version the move gave it.
  RestoreMovedTasks: {
    method: 'POST', path: '/workspaces/{workspaceId}/tasks/bulk/move/restore', handler: 'functions/http/tasks/bulk-move-restore', auth: 'user',
    dataAccess: 'write', status: 200, params: workspaceIdParams, body: restoreMovedTasksInput, response: bulkMoveTasksResponse,
  },
  // Who changed which field from what to what, newest first (issue 37): written from the table's stream.
  ListTaskHistory: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/history', handler: 'functions/http/tasks/history',
    auth: 'user', dataAccess: 'read', status: 200, params: taskParams, query: taskHistoryQuery, response: taskHistoryPage,
  },
  DeleteTask: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}', handler: 'functions/http/tasks/delete',
    auth: 'user', dataAccess: 'write', status: 204, params: taskParams,
  },
});
