import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { COMMENT_MAX_LENGTH, type CommentView } from '@shared/schemas/comment';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { MarkdownContent } from '@/components/ui/markdown';
import { useNow } from '@/hooks/use-now';
import { apiErrorMessage } from '@/lib/api-client';
import { formatDate, timeAgo } from '@/lib/format-date';
import { writeError } from '@/lib/write-error';
import { FETCH_COMMENTS_FAILED, useCommentWrite, useComments, type CommentTarget } from '../../api/comments';
import { toEditable, toStored, type MentionMember } from '../../utils/mention-text';
import { MentionTextarea, type MentionDraft } from '../mentions/mention-textarea';
import { useTaskAttachments, type AttachmentTarget } from '../../api/task-attachments';
import { ComposerFiles, useComposerFiles } from './comment-composer-files';
import { AttachFiles, AttachmentList } from './task-attachments-section';
import './comments-section.css';

const SAVE_FAILED = 'Failed to save the comment';
const DELETE_FAILED = 'Failed to delete the comment';
const FORMER_MEMBER = 'A former member';
const emptyDraft: MentionDraft = { text: '', chosen: new Map() };

/** Ctrl+Enter (⌘+Enter on a Mac) sends what the box holds. */
const sendsOn = (event: KeyboardEvent<HTMLTextAreaElement>) => event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/**
 * A task's comments in the task view, or a project's on its page (issue 37): oldest first, newest last (the
 * newest page first, "Show earlier comments" above it), each with its author, time and an "edited" mark, its
 * markdown rendered safely with mentions by the member's current name; the author's own with Edit and
 * Delete (Delete asks first), and for a workspace owner or admin (`moderator`) Delete on anyone's, as the
 * server allows. Below, "Write a comment" with @mentions and Comment (or Ctrl/⌘+Enter).
 */
export function CommentsSection({
  target,
  members,
  userId,
  moderator,
  count,
  headingLevel = 3,
  onUnsentChange,
}: {
  target: CommentTarget;
  members: readonly MentionMember[];
  userId: string | undefined;
  /** The viewer is an owner or admin of the workspace: may delete anyone's comment. */
  moderator: boolean;
  /** How many comments there are, shown on the heading (the project page's; a task shows its count on its card). */
  count?: number | undefined;
  headingLevel?: 2 | 3;
  /** Told whether a comment is typed and not sent (the view asks before closing on it). */
  onUnsentChange?: (unsent: boolean) => void;
}) {
  const comments = useComments(target);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const write = useCommentWrite(target);
  const [draft, setDraft] = useState<MentionDraft>(emptyDraft);
  const files = useComposerFiles(target);
  const unsent = draft.text.trim() !== '' || files.chosen.length > 0;
  useEffect(() => onUnsentChange?.(unsent), [unsent, onUnsentChange]);
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const boxId = useId();
  const errorId = useId();
  const now = useNow(30_000);
  const nameOf = (id: string) => members.find((member) => member.userId === id)?.displayName;

  const send = () => {
    if (!draft.text.trim() || write.isPending) return;
    setFailure(null);
    write.mutate(
      { kind: 'create', body: toStored(draft.text, draft.chosen) },
      {
        onSuccess: (answer) => {
          setDraft(emptyDraft);
          if (answer) files.sendWith(answer.comment.id);
        },
        onError: (error) => {
          const written = writeError(error, SAVE_FAILED);
          setFailure({ message: written.fields.body ?? written.message, ...(written.fields.body ? { field: 'body' } : {}) });
        },
      },
    );
  };

  return (
    <section className="task-comments" aria-labelledby={`${boxId}-title`}>
      <Heading id={`${boxId}-title`} className={headingLevel === 2 ? 'section-title' : undefined}>
        {count === undefined ? 'Comments' : `Comments (${count})`}
      </Heading>
      {comments.hasNextPage ? (
        <Button size="sm" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
          {comments.isFetchingNextPage ? 'Loading…' : 'Show earlier comments'}
        </Button>
      ) : null}
      {comments.isFetchNextPageError ? <p className="field-error">{FETCH_COMMENTS_FAILED}</p> : null}
      {comments.isPending ? (
        <p className="muted" role="status">
          Loading comments…
        </p>
      ) : comments.isError && comments.comments.length === 0 ? (
        <p className="field-error" role="alert">
          {apiErrorMessage(comments.error, FETCH_COMMENTS_FAILED)}{' '}
          <Button size="sm" onClick={() => void comments.refetch()}>
            Retry
          </Button>
        </p>
      ) : comments.comments.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ol className="task-comment-list">
          {comments.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} own={comment.authorId === userId} moderator={moderator} target={target} members={members} nameOf={nameOf} now={now} />
          ))}
        </ol>
      )}

      <div className="task-comment-form">
        <label htmlFor={boxId}>Write a comment</label>
        <MentionTextarea
          id={boxId}
          className="input textarea"
          rows={3}
          placeholder="Markdown, @ to mention someone"
          value={draft}
          members={members}
          aria-invalid={failure?.field === 'body' ? true : undefined}
          aria-describedby={failure ? errorId : undefined}
          onChange={setDraft}
          onKeyDown={(event) => {
            if (sendsOn(event)) {
              event.preventDefault();
              send();
            }
          }}
        />
        {failure ? (
          <p id={errorId} className="field-error" role="alert">
            {failure.message}
          </p>
        ) : null}
        <ComposerFiles files={files} />
        <div className="task-comment-buttons">
          <span className="muted task-comment-hint">Ctrl/⌘+Enter to send · up to {COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters</span>
          <Button size="sm" variant="primary" disabled={!draft.text.trim() || write.isPending} onClick={send}>
            Comment
          </Button>
        </div>
      </div>
    </section>
  );
}

function CommentItem({
  comment,
  own,
  moderator,
  target,
  members,
  nameOf,
  now,
}: {
  comment: CommentView;
  own: boolean;
  moderator: boolean;
  target: CommentTarget;
  members: readonly MentionMember[];
  nameOf: (userId: string) => string | undefined;
  now: Date;
}) {
  const write = useCommentWrite(target);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<MentionDraft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editId = useId();
  const author = nameOf(comment.authorId) ?? FORMER_MEMBER;

  const save = () => {
    if (!editing?.text.trim()) return;
    setFailure(null);
    write.mutate(
      { kind: 'update', commentId: comment.id, body: toStored(editing.text, editing.chosen) },
      { onSuccess: () => setEditing(null), onError: (error) => setFailure(writeError(error, SAVE_FAILED).fields.body ?? writeError(error, SAVE_FAILED).message) },
    );
  };
  const remove = async () => {
    if (!(await confirm({ title: 'Delete Comment', message: 'Delete this comment? This cannot be undone.', confirmLabel: 'Delete', danger: true }))) return;
    setFailure(null);
    write.mutate({ kind: 'delete', commentId: comment.id }, { onError: (error) => setFailure(apiErrorMessage(error, DELETE_FAILED)) });
  };

  return (
    <li className="task-comment">
      <div className="task-comment-head">
        <strong>{author}</strong>
        <time dateTime={comment.createdAt} title={formatDate(comment.createdAt, 'dateTime')}>
          {timeAgo(comment.createdAt, now)}
        </time>
        {comment.edited ? (
          <span className="muted" title={`Edited ${formatDate(comment.updatedAt, 'dateTime')}`}>
            (edited)
          </span>
        ) : null}
        {(own || moderator) && !editing ? (
          <span className="task-comment-actions">
            {own ? (
              <Button size="sm" variant="ghost" aria-label={`Edit comment by ${author}`} onClick={() => setEditing(toEditable(comment.body, members))}>
                Edit
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" aria-label={`Delete comment by ${author}`} onClick={() => void remove()}>
              Delete
            </Button>
          </span>
        ) : null}
      </div>
      {editing ? (
        <div className="task-comment-form">
          <label htmlFor={editId} className="visually-hidden">
            Edit comment
          </label>
          <MentionTextarea
            id={editId}
            className="input textarea"
            rows={3}
            // eslint-disable-next-line jsx-a11y-x/no-autofocus -- opened by the user's own press, to type at once
            autoFocus
            value={editing}
            members={members}
            onChange={setEditing}
            onKeyDown={(event) => {
              if (sendsOn(event)) {
                event.preventDefault();
                save();
              }
            }}
          />
          <div className="task-comment-buttons">
            <Button size="sm" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button size="sm" variant="primary" disabled={!editing.text.trim() || write.isPending} onClick={save}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <MarkdownContent className="task-comment-body" mentionName={nameOf}>{comment.body}</MarkdownContent>
      )}
      <CommentFiles target={target} commentId={comment.id} author={author} own={own} moderator={moderator} attaching={editing !== null} />
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      {dialog}
    </li>
  );
}

/**
 * The files of a comment on a task or a project (issue 37), listed as the task's are, Delete for their uploader (the
 * author) and owners and admins. Its author attaches more while editing it ("Add more files"):
 * a file goes to a comment already posted, never to one not sent yet. Deleting the comment deletes them.
 */
function CommentFiles({
  target,
  commentId,
  author,
  own,
  moderator,
  attaching,
}: {
  target: AttachmentTarget;
  commentId: string;
  author: string;
  own: boolean;
  moderator: boolean;
  attaching: boolean;
}) {
  const attachments = useTaskAttachments(target);
  const files = (attachments.data?.attachments ?? []).filter((attachment) => attachment.commentId === commentId);
  return (
    <>
      {files.length > 0 ? <AttachmentList attachments={files} target={target} userId={undefined} moderator={own || moderator} label={`Files of the comment by ${author}`} /> : null}
      {own && attaching ? <AttachFiles target={target} commentId={commentId} label="Add more files" /> : null}
    </>
  );
}
