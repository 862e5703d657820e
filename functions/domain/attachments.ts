import {
  isPreviewedImage,
  type AttachmentDownload,
  type AttachmentList,
  type AttachmentUpload,
  type AttachmentUploadInput,
  type AttachmentUsage,
  type AttachmentView,
  WORKSPACE_FILES_FULL,
  WORKSPACE_FILES_QUOTA_BYTES,
} from '../../shared/schemas/attachment.js';
import {
  attachmentBytesUsed,
  attachmentObjectKey,
  createPendingAttachment,
  deleteAttachment,
  getAttachment,
  getAttachmentItem,
  markAttachmentReady,
  readyAttachmentsOf,
  toAttachmentView,
  type AttachmentPlace,
  type StoredAttachment,
} from '../data/attachments.js';
import { newTimeSortedId } from '../data/time-sorted-id.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, ForbiddenError, NotFoundError, fieldError } from '../lib/errors.js';
import { deleteObject, DOWNLOAD_SECONDS, headObject, presignedDownload, presignedUpload, THUMBNAIL_SECONDS, UPLOAD_SECONDS } from '../lib/file-store.js';
import { MANAGING_ROLES, readAsMember, requireMembership } from './authorize.js';
import { subjectExists, subjectNotFound } from './comments.js';

/**
 * Files on tasks and on comments (issue 37; `place` names the task, or without `taskId` the project whose
 * own comments they are on), for the members of the workspace (404 for anyone else, and for a task not in
 * that project or a project not in that workspace). Any member attaches and downloads; the uploader completes their upload; the
 * uploader, an owner or an admin deletes (403 otherwise). The API never carries the bytes: it signs a POST
 * that S3 holds to the key, the size and the type, then reads the object back before listing it.
 */
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';
export const NOT_YOUR_UPLOAD = 'Only its uploader can complete an upload';
export const NOT_YOURS_TO_DELETE = 'Only its uploader, an owner or an admin can delete an attachment';
export const NOT_UPLOADED = 'The file was not uploaded: post it to the upload URL first';
export const COMMENT_NOT_YOURS = 'Files can only be added to a comment of yours on this task';
export const PROJECT_COMMENT_NOT_YOURS = 'Files can only be added to a comment of yours on this project';
export const UPLOAD_DIFFERS = 'The uploaded file is not the one announced (its size or type differs); upload it again';

/** The subject at `place` (a task, or a project) and its attachment, or 404 for either. */
async function existingAttachment(place: AttachmentPlace, attachmentId: string): Promise<StoredAttachment> {
  const [exists, attachment] = await Promise.all([subjectExists(place), getAttachment(place, attachmentId)]);
  if (!exists) throw subjectNotFound(place);
  if (!attachment) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
  return attachment;
}

export async function listAttachmentsFor(caller: Caller, place: AttachmentPlace): Promise<AttachmentList> {
  const [exists, attachments] = await readAsMember(place.workspaceId, caller.userId, () => Promise.all([subjectExists(place), readyAttachmentsOf(place)]));
  if (!exists) throw subjectNotFound(place);
  return {
    attachments: await Promise.all(
      attachments.map(async (attachment) => ({
        ...toAttachmentView(attachment),
        ...(isPreviewedImage(attachment.contentType)
          ? { thumbnailUrl: await presignedDownload(attachment.objectKey, attachment.fileName, attachment.contentType, THUMBNAIL_SECONDS) }
          : {}),
      })),
    ),
  };
}

/** How much of its quota a workspace's files take: any member may ask. */
export async function attachmentUsageFor(caller: Caller, workspaceId: string): Promise<AttachmentUsage> {
  const usedBytes = await readAsMember(workspaceId, caller.userId, () => attachmentBytesUsed(workspaceId));
  return { usedBytes, quotaBytes: WORKSPACE_FILES_QUOTA_BYTES };
}

export async function requestAttachmentUploadFor(caller: Caller, place: AttachmentPlace, input: AttachmentUploadInput): Promise<AttachmentUpload> {
  await requireMembership(place.workspaceId, caller.userId);
  // Refused before a URL is signed when it cannot fit now; completing it checks again (uploads at once).
  if ((await attachmentBytesUsed(place.workspaceId)) + input.size > WORKSPACE_FILES_QUOTA_BYTES) throw new ConflictError(WORKSPACE_FILES_FULL);
  const now = new Date();
  const attachment: AttachmentView = {
    id: newTimeSortedId(now.getTime()),
    ...(place.taskId === undefined ? {} : { taskId: place.taskId }),
    fileName: input.fileName.trim(),
    contentType: input.contentType,
    size: input.size,
    uploadedBy: caller.userId,
    createdAt: now.toISOString(),
    ...(input.commentId === undefined ? {} : { commentId: input.commentId }),
  };
  const outcome = await createPendingAttachment(place, attachment);
  if (outcome === 'no-task') throw subjectNotFound(place);
  // Not this subject's comment, gone, or someone else's: only its author adds files to a comment.
  if (outcome === 'no-comment') throw fieldError('commentId', place.taskId === undefined ? PROJECT_COMMENT_NOT_YOURS : COMMENT_NOT_YOURS);
  const upload = await presignedUpload(attachmentObjectKey(place, attachment.id), attachment.size, attachment.contentType);
  return { attachment, upload, expiresAt: new Date(now.getTime() + UPLOAD_SECONDS * 1000).toISOString() };
}

export async function completeAttachmentUploadFor(caller: Caller, place: AttachmentPlace, attachmentId: string): Promise<{ attachment: AttachmentView }> {
  await requireMembership(place.workspaceId, caller.userId);
  const attachment = await existingAttachment(place, attachmentId).catch(async (error: unknown) => {
    // Its item went (deleted, or with its task, project or workspace) while the file was on its way: the
    // file must not stay behind. Only when there is no item at all: a wrong project in the path, or an item
    // that does not read, keeps the file.
    if (error instanceof NotFoundError && !(await getAttachmentItem(place, attachmentId))) {
      await deleteObject(attachmentObjectKey(place, attachmentId));
    }
    throw error;
  });
  if (attachment.uploadedBy !== caller.userId) throw new ForbiddenError(NOT_YOUR_UPLOAD);
  if (attachment.status === 'ready') return { attachment: toAttachmentView(attachment) };
  const stored = await headObject(attachment.objectKey);
  if (!stored) throw fieldError('file', NOT_UPLOADED);
  if (stored.size !== attachment.size || stored.contentType !== attachment.contentType) {
    await deleteObject(attachment.objectKey);
    throw fieldError('file', UPLOAD_DIFFERS);
  }
  const outcome = await markAttachmentReady(place, attachmentId, attachment.size);
  if (outcome === 'full') {
    // Filled by other uploads since it was asked for: it goes (its item, and by the stream its file).
    await deleteAttachment(place, attachmentId);
    throw new ConflictError(WORKSPACE_FILES_FULL);
  }
  if (outcome === 'gone') {
    // Completed by another request meanwhile (fine), or deleted (then 404).
    const now = await getAttachment(place, attachmentId);
    if (now?.status !== 'ready') throw new NotFoundError(ATTACHMENT_NOT_FOUND);
  }
  return { attachment: toAttachmentView(attachment) };
}

export async function attachmentDownloadFor(caller: Caller, place: AttachmentPlace, attachmentId: string): Promise<AttachmentDownload> {
  const attachment = await readAsMember(place.workspaceId, caller.userId, () => existingAttachment(place, attachmentId));
  if (attachment.status !== 'ready') throw new NotFoundError(ATTACHMENT_NOT_FOUND);
  const url = await presignedDownload(attachment.objectKey, attachment.fileName, attachment.contentType, DOWNLOAD_SECONDS);
  return { url, expiresAt: new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString() };
}

export async function deleteAttachmentFor(caller: Caller, place: AttachmentPlace, attachmentId: string): Promise<void> {
  const membership = await requireMembership(place.workspaceId, caller.userId);
  const attachment = await existingAttachment(place, attachmentId);
  if (attachment.uploadedBy !== caller.userId && !MANAGING_ROLES.includes(membership.role)) throw new ForbiddenError(NOT_YOURS_TO_DELETE);
  if (!(await deleteAttachment(place, attachmentId))) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
}

