import { mentionsAdded, taskNotices, toldOfTask } from '../data/inbox-recipients.js';
import type { StreamChange } from '../data/stream-changes.js';

/**
 * What a write tells someone by mail (issue 37): they were mentioned in a comment or a task's description,
 * or someone else assigned a task to them. Read from the table's stream, never from the write path; the
 * person who made the write is never told about it, and a write whose author is not known tells nobody.
 */
export type NoticeKind = 'assigned' | 'mentioned-in-task' | 'mentioned-in-comment';

export interface MailNotice {
  readonly kind: NoticeKind;
  readonly recipientId: string;
  readonly actorId: string;
  readonly workspaceId: string;
  readonly projectId: string;
  /** Null for a mention in a comment on a project itself. */
  readonly taskId: string | null;
}

/** The mail notices of a change: the inbox's rules (data/inbox-recipients.ts) of assignments and mentions. */
export function mailNoticesOf(change: StreamChange): MailNotice[] {
  if (change.entity === 'Task') {
    const told = toldOfTask(change);
    if (!told) return [];
    const place = { actorId: told.actorId, workspaceId: change.workspaceId, projectId: told.after.projectId, taskId: told.after.id };
    return taskNotices(change.workspaceId, told.actorId, told.before, told.after).map((notice) => ({
      ...place,
      kind: notice.kind === 'assigned' ? 'assigned' : 'mentioned-in-task',
      recipientId: notice.recipientId,
    }));
  }
  if (change.entity === 'Comment') {
    const { before, after } = change;
    if (!after || !change.projectId || change.imported) return [];
    const place = { actorId: after.authorId, workspaceId: change.workspaceId, projectId: change.projectId, taskId: after.taskId ?? null };
    return mentionsAdded(after, before).map((recipientId) => ({ ...place, kind: 'mentioned-in-comment' as const, recipientId }));
  }
  return [];
}
