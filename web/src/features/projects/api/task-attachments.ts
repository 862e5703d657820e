import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentsRoutes } from '@shared/routes/attachments';
import { ATTACHMENT_MAX_BYTES, FILE_TOO_LARGE, isAllowedContentType, TYPE_NOT_ALLOWED } from '@shared/schemas/attachment';
import { apiErrorMessage, callRoute, ApiError } from '@/lib/api-client';
import { postToBucket, UPLOAD_FAILED } from '@/lib/presigned-post';
import { projectKeys } from './query-keys';

export const FETCH_ATTACHMENTS_FAILED = 'Failed to load the attachments';
export const DOWNLOAD_FAILED = 'The download could not be started';
export const DELETE_ATTACHMENT_FAILED = 'Failed to delete the attachment';

/** A task's files are addressed as its comments are. */
export interface AttachmentTarget {
  readonly workspaceId: string;
  readonly projectId: string;
  readonly taskId: string;
}

/** The listing is read again well before its thumbnails' links (15 minutes) expire. */
const REFRESH_MS = 10 * 60_000;

export function useTaskAttachments({ workspaceId, projectId, taskId }: AttachmentTarget) {
  return useQuery({
    queryKey: projectKeys.taskAttachments(workspaceId, taskId),
    queryFn: ({ signal }) => callRoute(attachmentsRoutes.ListAttachments, { params: { workspaceId, projectId, taskId }, signal }),
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

/**
 * One file attached to the task, or to a comment of the caller's on it (`commentId`): asked for, posted to
 * the bucket (with progress), then completed; the list is read again.
 */
export function useAttachmentUpload(target: AttachmentTarget) {
  const queryClient = useQueryClient();
  const params = { workspaceId: target.workspaceId, projectId: target.projectId, taskId: target.taskId };
  return useMutation({
    mutationFn: async ({ file, onProgress, commentId }: { file: File; onProgress: (share: number) => void; commentId?: string | undefined }) => {
      const contentType = contentTypeOf(file);
      if (!isAllowedContentType(contentType)) throw new Error(TYPE_NOT_ALLOWED);
      const body = { fileName: file.name, contentType, size: file.size, ...(commentId === undefined ? {} : { commentId }) };
      const ticket = await callRoute(attachmentsRoutes.RequestAttachmentUpload, { params, body });
      await postToBucket(ticket.upload, file, onProgress);
      return callRoute(attachmentsRoutes.CompleteAttachmentUpload, { params: { ...params, attachmentId: ticket.attachment.id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.taskAttachments(target.workspaceId, target.taskId) }),
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
    mutationFn: (attachmentId: string) =>
      callRoute(attachmentsRoutes.DeleteAttachment, { params: { workspaceId: target.workspaceId, projectId: target.projectId, taskId: target.taskId, attachmentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.taskAttachments(target.workspaceId, target.taskId) }),
  });
}

/** A fresh download link of a minute; the bucket answers it as an attachment, so the page stays where it is. */
export async function downloadAttachment(target: AttachmentTarget, attachmentId: string): Promise<void> {
  const { url } = await callRoute(attachmentsRoutes.AttachmentDownload, { params: { ...target, attachmentId } });
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}
