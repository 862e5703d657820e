import * as z from 'zod/mini';
import { attachmentDownload, attachmentList, attachmentResponse, attachmentUpload, attachmentUploadInput, attachmentUsage, projectAttachmentUploadInput } from '../schemas/attachment.js';
import { projectIdParams, resourceId, workspaceIdParams } from '../schemas/ids.js';
import { namedRoutes } from './contract.js';

const taskParams = z.extend(projectIdParams, { taskId: resourceId() });
const attachmentParams = z.extend(taskParams, { attachmentId: resourceId() });
const base = '/workspaces/{workspaceId}/projects/{projectId}/tasks/{taskId}/attachments';
const projectAttachmentParams = z.extend(projectIdParams, { attachmentId: resourceId() });
const projectBase = '/workspaces/{workspaceId}/projects/{projectId}/attachments';

/**
 * Files on tasks and comments (issue 37): part of the route table (shared/routes.ts). These functions sign the bucket's
 * URLs (presigned POST, GET) and read an uploaded object's size and type; none of them holds the bytes. The
 * files of a project's own comments have the task's five routes without the task (as its comments do), an
 * upload naming its comment.
 */
export const attachmentsRoutes = namedRoutes({
  // A task's completed attachments, oldest first; images with a thumbnail URL of a few minutes.
  ListAttachments: {
    method: 'GET', path: base, handler: 'functions/http/attachments/list', auth: 'user', dataAccess: 'read', status: 200, fileAccess: 'read',
    params: taskParams, response: attachmentList,
  },
  // Any member: a pending attachment and the presigned POST that uploads its file (the key, size and type pinned).
  RequestAttachmentUpload: {
    method: 'POST', path: base, handler: 'functions/http/attachments/request-upload', auth: 'user', dataAccess: 'write', status: 201, fileAccess: 'upload',
    params: taskParams, body: attachmentUploadInput, response: attachmentUpload,
  },
  // Its uploader: the object is read back (its size and type checked again) and the attachment listed.
  CompleteAttachmentUpload: {
    method: 'POST', path: `${base}/{attachmentId}/complete`, handler: 'functions/http/attachments/complete', auth: 'user', dataAccess: 'write', status: 200, fileAccess: 'check',
    params: attachmentParams, response: attachmentResponse,
  },
  // Any member: a download URL of a minute, answered as an attachment.
  AttachmentDownload: {
    method: 'GET', path: `${base}/{attachmentId}/download`, handler: 'functions/http/attachments/download', auth: 'user', dataAccess: 'read', status: 200, fileAccess: 'read',
    params: attachmentParams, response: attachmentDownload,
  },
  // Its uploader, or an owner or admin; the stream's cleanup deletes the file.
  DeleteAttachment: {
    method: 'DELETE', path: `${base}/{attachmentId}`, handler: 'functions/http/attachments/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: attachmentParams,
  },
  // The files of the project's own comments, as a task's.
  ListProjectAttachments: {
    method: 'GET', path: projectBase, handler: 'functions/http/attachments/project-list', auth: 'user', dataAccess: 'read', status: 200, fileAccess: 'read',
    params: projectIdParams, response: attachmentList,
  },
  // The author of the comment `commentId` on the project.
  RequestProjectAttachmentUpload: {
    method: 'POST', path: projectBase, handler: 'functions/http/attachments/project-request-upload', auth: 'user', dataAccess: 'write', status: 201, fileAccess: 'upload',
    params: projectIdParams, body: projectAttachmentUploadInput, response: attachmentUpload,
  },
  CompleteProjectAttachmentUpload: {
    method: 'POST', path: `${projectBase}/{attachmentId}/complete`, handler: 'functions/http/attachments/project-complete', auth: 'user', dataAccess: 'write', status: 200, fileAccess: 'check',
    params: projectAttachmentParams, response: attachmentResponse,
  },
  ProjectAttachmentDownload: {
    method: 'GET', path: `${projectBase}/{attachmentId}/download`, handler: 'functions/http/attachments/project-download', auth: 'user', dataAccess: 'read', status: 200, fileAccess: 'read',
    params: projectAttachmentParams, response: attachmentDownload,
  },
  DeleteProjectAttachment: {
    method: 'DELETE', path: `${projectBase}/{attachmentId}`, handler: 'functions/http/attachments/project-delete', auth: 'user', dataAccess: 'write', status: 204,
    params: projectAttachmentParams,
  },
  // Any member: how much of the workspace's quota (WORKSPACE_FILES_QUOTA_BYTES) its files take.
  GetAttachmentUsage: {
    method: 'GET', path: '/workspaces/{workspaceId}/attachment-usage', handler: 'functions/http/attachments/usage', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: attachmentUsage,
  },
});
