import { mentionedIds } from '../../shared/rules/mentions.js';
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
  readonly taskId: string;
}

/** The mentions `after` adds to `before` (an edit that keeps a mention does not mention again). */
const newMentions = (before: readonly string[], after: readonly string[]) => after.filter((userId) => !before.includes(userId));

export function mailNoticesOf(change: StreamChange): MailNotice[] {
  if (change.entity === 'Task') {
    const { before, after } = change;
    // A new task (version 1), or a change of one; a task moved in from another project or restored is neither.
    if (!after || change.movedFrom || (!before && after.version !== 1)) return [];
    const actorId = before ? change.updatedBy : (change.updatedBy ?? after.createdBy);
    if (!actorId) return [];
    const place = { actorId, workspaceId: change.workspaceId, projectId: after.projectId, taskId: after.id };
    const assigned = after.assignedTo && after.assignedTo !== before?.assignedTo ? [{ ...place, kind: 'assigned' as const, recipientId: after.assignedTo }] : [];
    const mentioned = newMentions(mentionedIds(before?.description ?? ''), mentionedIds(after.description)).map((recipientId) => ({
      ...place,
      kind: 'mentioned-in-task' as const,
      recipientId,
    }));
    return [...assigned, ...mentioned].filter((notice) => notice.recipientId !== actorId);
  }
  if (change.entity === 'Comment') {
    const { before, after } = change;
    if (!after || !change.projectId) return [];
    const place = { actorId: after.authorId, workspaceId: change.workspaceId, projectId: change.projectId, taskId: after.taskId };
    return newMentions(before?.mentions ?? [], after.mentions)
      .filter((recipientId) => recipientId !== after.authorId)
      .map((recipientId) => ({ ...place, kind: 'mentioned-in-comment' as const, recipientId }));
  }
  return [];
}
