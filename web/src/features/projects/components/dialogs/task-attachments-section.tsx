import { useId, useRef, useState, type DragEvent } from 'react';
import { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_MAX_BYTES, formatFileSize, type ListedAttachment } from '@shared/schemas/attachment';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-client';
import {
  DELETE_ATTACHMENT_FAILED,
  DOWNLOAD_FAILED,
  downloadAttachment,
  FETCH_ATTACHMENTS_FAILED,
  refusalOf,
  uploadErrorMessage,
  useAttachmentDelete,
  useAttachmentUpload,
  useTaskAttachments,
  type AttachmentTarget,
} from '../../api/task-attachments';
import './task-attachments-section.css';

/** A file on its way: its progress (0–1), or why it was refused or failed. */
interface Upload {
  readonly key: number;
  readonly name: string;
  readonly progress: number;
  readonly error?: string;
}

/**
 * A task's files in the task view (issue 37): "Attach files" (below), then the list of the task's own files
 * (a comment's are shown with it), oldest first: images as thumbnails, other files as name and size, each
 * with Download, and Delete (after asking) for its uploader and for owners and admins (`moderator`), as the
 * server allows.
 */
export function TaskAttachmentsSection({ target, userId, moderator }: { target: AttachmentTarget; userId: string | undefined; moderator: boolean }) {
  const attachments = useTaskAttachments(target);
  const titleId = useId();
  const list = (attachments.data?.attachments ?? []).filter((attachment) => attachment.commentId === undefined);
  return (
    <section className="task-attachments" aria-labelledby={titleId}>
      <h3 id={titleId}>Attachments</h3>
      <AttachFiles target={target} />
      {attachments.isPending ? (
        <p className="muted" role="status">
          Loading attachments…
        </p>
      ) : attachments.isError ? (
        <p className="field-error" role="alert">
          {apiErrorMessage(attachments.error, FETCH_ATTACHMENTS_FAILED)}{' '}
          <Button size="sm" onClick={() => void attachments.refetch()}>
            Retry
          </Button>
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No attachments yet.</p>
      ) : (
        <AttachmentList attachments={list} target={target} userId={userId} moderator={moderator} label="Attached files" />
      )}
    </section>
  );
}

/** Files listed as the task view lists them (thumbnail or name and size, Download, Delete where allowed). */
export function AttachmentList({
  attachments,
  target,
  userId,
  moderator,
  label,
}: {
  attachments: readonly ListedAttachment[];
  target: AttachmentTarget;
  userId: string | undefined;
  moderator: boolean;
  label: string;
}) {
  return (
    <ul className="attachment-list" aria-label={label}>
      {attachments.map((attachment) => (
        <AttachmentItem key={attachment.id} attachment={attachment} target={target} mayDelete={attachment.uploadedBy === userId || moderator} />
      ))}
    </ul>
  );
}

/** Files on their way to the task (or to one of its comments: `commentId`), each with its progress or why it failed. */
export function useFileUploads(target: AttachmentTarget) {
  const upload = useAttachmentUpload(target);
  const [uploads, setUploads] = useState<readonly Upload[]>([]);
  const nextKey = useRef(0);
  const change = (key: number, fields: Partial<Upload>) => setUploads((all) => all.map((item) => (item.key === key ? { ...item, ...fields } : item)));
  const attach = (files: readonly File[], commentId?: string) => {
    for (const file of files) {
      const key = nextKey.current++;
      const refused = refusalOf(file);
      setUploads((all) => [...all, { key, name: file.name, progress: 0, ...(refused ? { error: refused } : {}) }]);
      if (refused) continue;
      upload.mutate(
        { file, commentId, onProgress: (progress) => change(key, { progress }) },
        {
          onSuccess: () => setUploads((all) => all.filter((item) => item.key !== key)),
          onError: (error) => change(key, { error: uploadErrorMessage(error) }),
        },
      );
    }
  };
  const dismiss = (key: number) => setUploads((all) => all.filter((item) => item.key !== key));
  return { uploads, attach, dismiss };
}

/** The uploads under way: a progress bar each, or why one was refused or failed (with Dismiss). */
export function UploadProgress({ uploads, onDismiss }: { uploads: readonly Upload[]; onDismiss: (key: number) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="attachment-uploads">
      {uploads.map((item) => (
        <li key={item.key}>
          <span className="attachment-name">{item.name}</span>
          {item.error ? (
            <>
              <span className="field-error" role="alert">
                {item.error}
              </span>
              <Button size="sm" variant="ghost" aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.key)}>
                Dismiss
              </Button>
            </>
          ) : (
            <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A labelled file input with a zone files may be dropped on (`onFiles` takes them), and the types and size
 * allowed as its description.
 */
export function FileDropZone({ label, onFiles }: { label: string; onFiles: (files: readonly File[]) => void }) {
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      className={`attachment-drop-zone${dragging ? ' is-dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ATTACHMENT_CONTENT_TYPES.join(',')}
        aria-describedby={hintId}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <p id={hintId} className="muted">
        Or drop files here · up to {formatFileSize(ATTACHMENT_MAX_BYTES)} each · images, PDF, text, CSV, JSON, ZIP, Office documents
      </p>
    </div>
  );
}

/**
 * "Attach files" to the task, or to a comment of the caller's (`commentId`), each upload with its progress
 * bar. A refused file says why (too large, not an allowed type).
 */
export function AttachFiles({ target, commentId, label = 'Attach files' }: { target: AttachmentTarget; commentId?: string; label?: string }) {
  const { uploads, attach, dismiss } = useFileUploads(target);
  return (
    <>
      <FileDropZone label={label} onFiles={(files) => attach(files, commentId)} />
      <UploadProgress uploads={uploads} onDismiss={dismiss} />
    </>
  );
}

function AttachmentItem({ attachment, target, mayDelete }: { attachment: ListedAttachment; target: AttachmentTarget; mayDelete: boolean }) {
  const remove = useAttachmentDelete(target);
  const { confirm, dialog } = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const size = formatFileSize(attachment.size);

  const download = async () => {
    setFailure(null);
    setDownloading(true);
    try {
      await downloadAttachment(target, attachment.id);
    } catch (error) {
      setFailure(apiErrorMessage(error, DOWNLOAD_FAILED));
    } finally {
      setDownloading(false);
    }
  };
  const deleteIt = async () => {
    if (!(await confirm({ title: 'Delete Attachment', message: `Delete ${attachment.fileName}? This cannot be undone.`, confirmLabel: 'Delete', danger: true }))) return;
    setFailure(null);
    remove.mutate(attachment.id, { onError: (error) => setFailure(apiErrorMessage(error, DELETE_ATTACHMENT_FAILED)) });
  };

  return (
    <li className="attachment">
      {attachment.thumbnailUrl ? <img className="attachment-thumbnail" src={attachment.thumbnailUrl} alt={attachment.fileName} loading="lazy" /> : null}
      <span className="attachment-name">{attachment.fileName}</span>
      <span className="muted attachment-size">{size}</span>
      <span className="attachment-actions">
        <Button size="sm" loading={downloading} aria-label={`Download ${attachment.fileName}`} onClick={() => void download()}>
          Download
        </Button>
        {mayDelete ? (
          <Button size="sm" variant="ghost" loading={remove.isPending} aria-label={`Delete ${attachment.fileName}`} onClick={() => void deleteIt()}>
            Delete
          </Button>
        ) : null}
      </span>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      {dialog}
    </li>
  );
}
