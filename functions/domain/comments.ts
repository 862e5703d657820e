import type { CommentInput, CommentPage, CommentView, ListCommentsQuery } from '../../shared/schemas/comment.js';
import { commentPage, createComment, deleteComment, getComment, replaceComment, type CommentPlace, type CommentWriteOutcome } from '../data/comments.js';
import { deleteAttachmentsOfComment } from '../data/attachments.js';
import { getChild } from '../data/project-children.js';
import { getProject } from '../data/projects.js';
import { newTimeSortedId } from '../data/time-sorted-id.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { MANAGING_ROLES, readAsMember, requireMembership } from './authorize.js';
import { withMemberMentions } from './mentions.js';
import { notFoundMessages } from './project-writes.js';

/**
 * Comments on tasks and on projects (issue 37; `place` names the task, or without `taskId` the project), for
 * the members of the workspace (404 for anyone else, and for a task that is not in that project, or a
 * project that is not in that workspace). Any member comments; the author edits and deletes their own comment, and
 * an owner or admin deletes anyone's (403 otherwise). Mentions of non-members are kept as plain text.
 */
export const COMMENT_NOT_FOUND = 'Comment not found';
export const NOT_YOUR_COMMENT = 'Only its author can edit a comment';
export const NOT_YOURS_TO_DELETE = 'Only its author, an owner or an admin can delete a comment';
const BAD_CURSOR = 'cursor is not one this API made for this question';

export type { CommentPlace };

export const subjectNotFound = (place: CommentPlace) => new NotFoundError(place.taskId === undefined ? notFoundMessages.project : notFoundMessages.task);

/** Whether the comments' subject is there: the task in that project, or the project in that workspace. */
export async function subjectExists({ workspaceId, projectId, taskId }: CommentPlace): Promise<boolean> {
  return Boolean(taskId === undefined ? await getProject(workspaceId, projectId) : await getChild('task', workspaceId, projectId, taskId));
}

export async function listCommentsFor(caller: Caller, place: CommentPlace, query: ListCommentsQuery): Promise<CommentPage> {
  const [exists, page] = await readAsMember(place.workspaceId, caller.userId, () => Promise.all([subjectExists(place), commentPage(place, query)]));
  if (!exists) throw subjectNotFound(place);
  if (page === 'bad-cursor') throw new BadRequestError(`cursor: ${BAD_CURSOR}`, [{ field: 'cursor', message: BAD_CURSOR }]);
  return page;
}

function throwUnlessWritten(place: CommentPlace, outcome: CommentWriteOutcome): void {
  if (outcome === 'no-subject') throw subjectNotFound(place);
  if (outcome === 'no-comment') throw new NotFoundError(COMMENT_NOT_FOUND);
}

export async function createCommentFor(caller: Caller, place: CommentPlace, input: CommentInput): Promise<CommentView> {
  await requireMembership(place.workspaceId, caller.userId);
  const { text, mentions } = await withMemberMentions(place.workspaceId, input.body);
  const now = new Date();
  const comment: CommentView = {
    id: newTimeSortedId(now.getTime()),
    ...(place.taskId === undefined ? {} : { taskId: place.taskId }),
    authorId: caller.userId,
    body: text,
    mentions,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    edited: false,
  };
  throwUnlessWritten(place, await createComment(place, comment));
  return comment;
}

/** The comment at `place` (on that task in that project, or on that project), or 404. */
async function existingComment(place: CommentPlace, commentId: string): Promise<CommentView> {
  const [exists, comment] = await Promise.all([subjectExists(place), getComment(place, commentId)]);
  if (!exists) throw subjectNotFound(place);
  if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND);
  return comment;
}

export async function updateCommentFor(caller: Caller, place: CommentPlace, commentId: string, input: CommentInput): Promise<CommentView> {
  await requireMembership(place.workspaceId, caller.userId);
  const current = await existingComment(place, commentId);
  if (current.authorId !== caller.userId) throw new ForbiddenError(NOT_YOUR_COMMENT);
  const { text, mentions } = await withMemberMentions(place.workspaceId, input.body);
  const next: CommentView = { ...current, body: text, mentions, updatedAt: new Date().toISOString(), edited: true };
  throwUnlessWritten(place, await replaceComment(place, next));
  return next;
}

export async function deleteCommentFor(caller: Caller, place: CommentPlace, commentId: string): Promise<void> {
  const membership = await requireMembership(place.workspaceId, caller.userId);
  const current = await existingComment(place, commentId);
  if (current.authorId !== caller.userId && !MANAGING_ROLES.includes(membership.role)) throw new ForbiddenError(NOT_YOURS_TO_DELETE);
  throwUnlessWritten(place, await deleteComment(place, commentId));
  // Its files go with it (the stream's cleanup deletes their objects).
  await deleteAttachmentsOfComment(place, commentId);
}
