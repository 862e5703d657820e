import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { resourceId } from './ids.js';

/**
 * Files on tasks and on comments, a task's or a project's own (issue 37). The browser asks for an upload (`attachmentUploadInput`), posts the file
 * straight to the bucket with the presigned POST it gets back (its policy pins the key, the exact size and
 * the content type), then asks for it to be completed; the API checks the stored object again before the
 * attachment is listed. Downloads are short-lived presigned URLs that answer `Content-Disposition: attachment`.
 */

/** The largest file one attachment may be, in bytes (25 MB): the setting both the API and the web app read. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX_LENGTH = 255;
/** All of one workspace's files together, in bytes (5 GB): a completed upload counts, a deleted one (or one deleted for good from the Trash) no longer does. */
export const WORKSPACE_FILES_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;

/** Images the task dialog previews as thumbnails. SVG is not among them: it may carry script. */
export const PREVIEWED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The content types a file may be uploaded as; anything else is refused before a URL is signed. */
export const ATTACHMENT_CONTENT_TYPES = [
  ...PREVIEWED_IMAGE_TYPES,
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/json',
  'application/zip',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

export const isAllowedContentType = (contentType: string): contentType is AttachmentContentType => (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(contentType);

export const isPreviewedImage = (contentType: string): boolean => (PREVIEWED_IMAGE_TYPES as readonly string[]).includes(contentType);

/** "1.2 MB", "340 KB", "12 bytes": a file's size as the task dialog shows it and the limit's message says it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1).replace(/\.0$/, '')} GB`;
}

export const FILE_TOO_LARGE = `File must be at most ${formatFileSize(ATTACHMENT_MAX_BYTES)}`;
/** The refusal (409) of an upload the workspace has no room for. */
export const WORKSPACE_FILES_FULL = `This workspace has no room for this file: its files may take ${formatFileSize(WORKSPACE_FILES_QUOTA_BYTES)} in all. Delete files, or delete tasks for good from the Trash, to make room.`;

/** How much of its quota a workspace's files take (the Trash page shows it). */
export const attachmentUsage = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type AttachmentUsage = z.infer<typeof attachmentUsage>;

export const TYPE_NOT_ALLOWED = 'This type of file cannot be attached (images, PDF, text, CSV, JSON, ZIP and Office documents can)';

const fileName = z.string({ error: 'File name must be text' }).check(
  z.refine((text) => text.trim() !== '', { error: 'File name is required', abort: true }),
  z.maxLength(ATTACHMENT_NAME_MAX_LENGTH, { error: `File name must be at most ${ATTACHMENT_NAME_MAX_LENGTH} characters` }),
  z.refine((text) => !containsUnprintable(text), { error: 'File name must not hold control characters' }),
);

export const attachmentUploadInput = z.object({
  fileName,
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES, { error: TYPE_NOT_ALLOWED }),
  size: z.number({ error: 'Size must be a number of bytes' }).check(
    z.int({ error: 'Size must be a whole number of bytes', abort: true }),
    z.minimum(1, { error: 'An empty file cannot be attached' }),
    z.maximum(ATTACHMENT_MAX_BYTES, { error: FILE_TOO_LARGE }),
  ),
  /** A comment of this task, by the caller, the file belongs to (shown with it, deleted with it); none: the task's own. */
  commentId: z.optional(resourceId()),
});
export type AttachmentUploadInput = z.infer<typeof attachmentUploadInput>;

/** A file on a project's own comment: the comment, by the caller, is required (a project has no files of its own). */
export const projectAttachmentUploadInput = z.extend(attachmentUploadInput, { commentId: resourceId() });

export const attachmentView = z.object({
  id: z.string(),
  /** The task it is on; absent on a file of a comment on a project itself. */
  taskId: z.optional(z.string()),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  /** The comment it belongs to; absent for a file of the task itself. */
  commentId: z.optional(z.string()),
});
export type AttachmentView = z.infer<typeof attachmentView>;

/** A listed attachment: an image also has a short-lived URL of its bytes for its thumbnail. */
export const listedAttachment = z.extend(attachmentView, { thumbnailUrl: z.optional(z.string()) });
export type ListedAttachment = z.infer<typeof listedAttachment>;

/** Where and how to post the file: the form's fields go first, the file last (as `file`). */
export const attachmentUpload = z.object({
  attachment: attachmentView,
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  /** When the presigned POST stops being accepted. */
  expiresAt: z.string(),
});
export type AttachmentUpload = z.infer<typeof attachmentUpload>;

export const attachmentResponse = z.object({ attachment: attachmentView });
/** A task's (or a project's own comments') completed attachments, oldest first. */
export const attachmentList = z.object({ attachments: z.array(listedAttachment) });
export type AttachmentList = z.infer<typeof attachmentList>;
/** A download link of a few minutes, which answers the file as an attachment (never shown inline). */
export const attachmentDownload = z.object({ url: z.string(), expiresAt: z.string() });
export type AttachmentDownload = z.infer<typeof attachmentDownload>;
