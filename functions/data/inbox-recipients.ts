/**
 * Who is told of a change (issue 37): pure rules, read from each change of the table's stream by the inbox
 * (data/inbox-changes.ts) and by the mail of mentions and assignments (mail/mention-notices.ts). Nobody is
 * told of their own doing, and a person gets one notice per change however many rules name them (an
 * assignment outranks a mention, a mention a comment on their task).
 */
import { mentionedIds } from '../../shared/rules/mentions.js';
import { INBOX_TEXT_MAX_LENGTH, type InboxKind } from '../../shared/schemas/inbox.js';
import type { CommentView } from '../../shared/schemas/comment.js';
import type { ProjectSummary, TaskView } from '../../shared/schemas/project.js';
import type { StreamChange } from './stream-changes.js';

/**
 * A task change that tells anyone, with its writer: a creation (version 1) or an edit by a known writer;
 * none for a task put back (an Undo), moved in from another project, written by an import, deleted, or
 * written by no one known.
 */
export function toldOfTask(change: Extract<StreamChange, { entity: 'Task' }>): { actorId: string; before: TaskView | undefined; after: TaskView } | undefined {
  const { before, after } = change;
  if (!after || change.movedFrom || change.imported || (before ? change.operation !== 'modify' : after.version !== 1)) return undefined;
  const actorId = before ? change.updatedBy : (change.updatedBy ?? after.createdBy);
  return actorId ? { actorId, before, after } : undefined;
}

/** The members a comment mentions that it did not before (all of them when it is new), its author never. */
export function mentionsAdded(comment: CommentView, before: CommentView | undefined): string[] {
  const earlier = new Set(before?.mentions ?? []);
  return comment.mentions.filter((userId) => !earlier.has(userId) && userId !== comment.authorId);
}

/** One notice to write: its reader, what happened, and the change it comes from (`source`: the same for a redelivered record). */
export interface NoticeDraft {
  readonly recipientId: string;
  readonly kind: InboxKind;
  readonly workspaceId: string;
  readonly projectId: string | null;
  readonly taskId: string | null;
  readonly actorId: string | null;
  readonly text: string;
  readonly createdAt: string;
  readonly source: string;
}

const snapshot = (text: string) => (text.length > INBOX_TEXT_MAX_LENGTH ? `${text.slice(0, INBOX_TEXT_MAX_LENGTH - 1)}…` : text);

/** Each recipient once, the first rule naming them winning, the actor never. */
function drafts(actorId: string | null, named: ReadonlyArray<readonly [InboxKind, readonly (string | null | undefined)[]]>, base: Omit<NoticeDraft, 'recipientId' | 'kind'>): NoticeDraft[] {
  const seen = new Set<string>(actorId ? [actorId] : []);
  const out: NoticeDraft[] = [];
  for (const [kind, recipients] of named) {
    for (const recipientId of recipients) {
      if (!recipientId || seen.has(recipientId)) continue;
      seen.add(recipientId);
      out.push({ ...base, recipientId, kind });
    }
  }
  return out;
}

/**
 * A task made or changed by `actorId`: the members its description newly mentions, and a new assignee.
 * `before` is absent for a task just made.
 */
export function taskNotices(workspaceId: string, actorId: string, before: TaskView | undefined, after: TaskView): NoticeDraft[] {
  const mentionedBefore = new Set(before ? mentionedIds(before.description) : []);
  const newlyMentioned = mentionedIds(after.description).filter((userId) => !mentionedBefore.has(userId));
  const newAssignee = after.assignedTo !== (before?.assignedTo ?? null) ? after.assignedTo : null;
  return drafts(
    actorId,
    [
      ['assigned', [newAssignee]],
      ['mentioned', newlyMentioned],
    ],
    {
      workspaceId,
      projectId: after.projectId,
      taskId: after.id,
      actorId,
      text: snapshot(after.title),
      createdAt: after.updatedAt,
      source: `task:${after.id}:${after.version}`,
    },
  );
}

/** What a comment is on: a task, or a project itself. */
export type CommentSubject = { readonly task: TaskView } | { readonly project: ProjectSummary };

/**
 * A new comment: the members it mentions, then (on a task) the task's assignee and creator. An edited one
 * (`before` given): the members it newly mentions.
 */
export function commentNotices(workspaceId: string, comment: CommentView, subject: CommentSubject, before?: CommentView): NoticeDraft[] {
  const { projectId, taskId, title, followers } =
    'task' in subject
      ? { projectId: subject.task.projectId, taskId: subject.task.id, title: subject.task.title, followers: [subject.task.assignedTo, subject.task.createdBy] }
      : { projectId: subject.project.id, taskId: null, title: subject.project.name, followers: [] };
  return drafts(
    comment.authorId,
    before
      ? [['mentioned', mentionsAdded(comment, before)]]
      : [
          ['mentioned', comment.mentions],
          ['commented', followers],
        ],
    {
      workspaceId,
      projectId,
      taskId,
      actorId: comment.authorId,
      text: snapshot(title),
      createdAt: before ? comment.updatedAt : comment.createdAt,
      source: `comment:${comment.id}`,
    },
  );
}

/** Someone added by another person (not joining by their own hand): told who added them, to which workspace. */
export function membershipNotices(
  membership: { workspaceId: string; userId: string; addedBy?: string | undefined; noticeSeen: boolean; createdAt: string },
  workspaceName: string,
): NoticeDraft[] {
  if (membership.noticeSeen || !membership.addedBy) return [];
  return drafts(membership.addedBy, [['added', [membership.userId]]], {
    workspaceId: membership.workspaceId,
    projectId: null,
    taskId: null,
    actorId: membership.addedBy,
    text: snapshot(workspaceName),
    createdAt: membership.createdAt,
    source: `member:${membership.workspaceId}:${membership.createdAt}`,
  });
}

/** A task of `userId` due on `date`, told by the due-date job at `at` (once per task and date). */
export function dueNotice(userId: string, task: { workspaceId: string; projectId: string; taskId: string; title: string }, date: string, at: string): NoticeDraft {
  return {
    recipientId: userId,
    kind: 'due',
    workspaceId: task.workspaceId,
    projectId: task.projectId,
    taskId: task.taskId,
    actorId: null,
    text: snapshot(task.title),
    createdAt: at,
    source: `due:${task.taskId}:${date}`,
  };
}
