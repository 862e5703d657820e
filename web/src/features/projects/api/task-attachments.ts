import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentsRoutes } from '@shared/routes/attachments';
import { ATTACHMENT_MAX_BYTES, FILE_TOO_LARGE, isAllowedContentType, TYPE_NOT_ALLOWED, type AttachmentUpload, type AttachmentUploadInput } from '@shared/schemas/attachment';
import { apiErrorMessage, callRoute, ApiError } from '@/lib/api-client';
import { postToBucket, UPLOAD_FAILED } from '@/lib/presigned-post';
import type { CommentTarget } from './comments';
import { projectKeys } from './query-keys';

export const FETCH_ATTACHMENTS_FAILED = 'Failed to load the attachments';
export const DOWNLOAD_FAILED = 'The download could not be started';
export const DELETE_ATTACHMENT_FAILED = 'Failed to delete the attachment';

/** Files are addressed as comments are: a task's, or without `taskId` those of a project's own comments. */
export type AttachmentTarget = CommentTarget;

const attachmentsKey = ({ workspaceId, projectId, taskId }: AttachmentTarget) =>
  taskId === undefined ? projectKeys.projectAttachments(workspaceId, projectId) : projectKeys.taskAttachments(workspaceId, taskId);

/** The listing is read again well before its thumbnails' links (15 minutes) expire. */
const REFRESH_MS = 10 * 60_000;

export function useTaskAttachments(target: AttachmentTarget) {
  const { workspaceId, projectId, taskId } = target;
  return useQuery({
    queryKey: attachmentsKey(target),
    queryFn: ({ signal }) =>
      taskId === undefined
        ? callRoute(attachmentsRoutes.ListProjectAttachments, { params: { workspaceId, projectId }, signal })
        : callRoute(attachmentsRoutes.ListAttachments, { params: { workspaceId, projectId, taskId }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

// Browsers leave a file's type empty where the system names none (Markdown, mostly): its extension says it.
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = { md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv', json: 'application/json', txt: 'text/plain' };

/** The file's content type: the browser's, or the one its extension names. */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  return TYPES_BY_EXTENSION[extension] ?? '';
}

/** Why this file cannot be attached, checked before anything is sent (the API and the bucket check again). */
export function refusalOf(file: File): string | undefined {
  if (file.size > ATTACHMENT_MAX_BYTES) return FILE_TOO_LARGE;
  if (file.size === 0) return 'An empty file cannot be attached';
  if (!isAllowedContentType(contentTypeOf(file))) return TYPE_NOT_ALLOWED;
  return undefined;
}

/** The upload asked for on the task, or on a comment (`commentId`) of the project, which a project's file must name. */
function requestUpload({ workspaceId, projectId, taskId }: AttachmentTarget, body: AttachmentUploadInput): Promise<AttachmentUpload> {
  if (taskId !== undefined) return callRoute(attachmentsRoutes.RequestAttachmentUpload, { params: { workspaceId, projectId, taskId }, body });
  if (body.commentId === undefined) throw new Error('A file on a project goes with a comment');
  return callRoute(attachmentsRoutes.RequestProjectAttachmentUpload, { params: { workspaceId, projectId }, body: { ...body, commentId: body.commentId } });
}

function completeUpload({ workspaceId, projectId, taskId }: AttachmentTarget, attachmentId: string) {
  return taskId === undefined
    ? callRoute(attachmentsRoutes.CompleteProjectAttachmentUpload, { params: { workspaceId, projectId, attachmentId } })
    : callRoute(attachmentsRoutes.CompleteAttachmentUpload, { params: { workspaceId, projectId, taskId, attachmentId } });
}

/**
 * One file attached to the task, or to a comment of the caller's on it or on the project (`commentId`):
 * asked for, posted to the bucket (with progress), then completed; the list is read again.
 */
export function useAttachmentUpload(target: AttachmentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress, commentId }: { file: File; onProgress: (share: number) => void; commentId?: string | undefined }) => {
      const contentType = contentTypeOf(file);
      if (!isAllowedContentType(contentType)) throw new Error(TYPE_NOT_ALLOWED);
      const ticket = await requestUpload(target, { fileName: file.name, contentType, size: file.size, ...(commentId === undefined ? {} : { commentId }) });
      await postToBucket(ticket.upload, file, onProgress);
      return completeUpload(target, ticket.attachment.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(target) }),
  });
}

/** What to show for a failed upload: the API's reason for a refused file, else the generic one. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.fields.length > 0) return error.fields[0]?.message ?? UPLOAD_FAILED;
  if (error instanceof ApiError) return apiErrorMessage(error, UPLOAD_FAILED);
  return error instanceof Error && error.message ? error.message : UPLOAD_FAILED;
}

export function useAttachmentDelete(target: AttachmentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => {
      const { workspaceId, projectId, taskId } = target;
      return taskId === undefined
        ? callRoute(attachmentsRoutes.DeleteProjectAttachment, { params: { workspaceId, projectId, attachmentId } })
        : callRoute(attachmentsRoutes.DeleteAttachment, { params: { workspaceId, projectId, taskId, attachmentId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(target) }),
  });
}

/** A fresh download link of a minute; the bucket answers it as an attachment, so the page stays where it is. */
export async function downloadAttachment({ workspaceId, projectId, taskId }: AttachmentTarget, attachmentId: string): Promise<void> {
  const { url } =
    taskId === undefined
      ? await callRoute(attachmentsRoutes.ProjectAttachmentDownload, { params: { workspaceId, projectId, attachmentId } })
      : await callRoute(attachmentsRoutes.AttachmentDownload, { params: { workspaceId, projectId, taskId, attachmentId } });
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}
