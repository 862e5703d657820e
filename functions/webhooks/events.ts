import { isDeepStrictEqual } from 'node:util';
import type { WebhookEventType } from '../../shared/schemas/webhook.js';
import { completedNow, createdByWrite, joinedMember } from '../data/activity.js';
import type { StreamChange } from '../data/stream-changes.js';

/** One event a change of the table means for webhooks: its type and the item's view (the deleted one's last view). */
export interface WebhookEvent {
  readonly type: WebhookEventType;
  readonly workspaceId: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a comment made or deleted changes on its task (data/comments.ts): its count, and so its version. */
const COMMENT_BOOKKEEPING = new Set(['commentCount', 'version', 'updatedAt']);

/** The task's comment count moved and nothing else a reader cares about: a comment, not an update of the task. */
function onlyCommentCounted(before: object, after: object): boolean {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  if (was.commentCount === now.commentCount) return false;
  const fields = new Set([...Object.keys(was), ...Object.keys(now)]);
  return [...fields].every((field) => COMMENT_BOOKKEEPING.has(field) || isDeepStrictEqual(was[field], now[field]));
}

/**
 * The webhook events of one stream change. Creation, completion and joining are the activity feed's own
 * readings (data/activity.ts); an update is a new `version` (a project's child counts move without one, and
 * are no update; a comment gives its task a new version with its count, and is no update either); a task moved to another project is its deletion there and an update here.
 */
export function webhookEventsOf(change: StreamChange): WebhookEvent[] {
  const event = (type: WebhookEventType, data: object): WebhookEvent => ({ type, workspaceId: change.workspaceId, data: { ...data } });
  switch (change.entity) {
    case 'Task':
    case 'Project': {
      const { before, after } = change;
      const kind = change.entity === 'Task' ? 'task' : 'project';
      if (!after) return before && change.operation === 'remove' ? [event(`${kind}.deleted`, before)] : [];
      if (createdByWrite(change.operation, after)) return [event(`${kind}.created`, after)];
      if (before && (before.version === after.version || onlyCommentCounted(before, after))) return [];
      const completed = change.entity === 'Task' && change.after !== undefined && completedNow(change.before, change.after, false);
      return [event(`${kind}.updated`, after), ...(completed ? [event('task.completed', after)] : [])];
    }
    case 'Comment':
      // A comment written (not edited or deleted), with its project as a task event carries it, and what it
      // is on: `subject` 'task' (with its `taskId`, as before) or 'project' (no `taskId`), an added field.
      return change.operation === 'insert' && change.after
        ? [event('comment.created', { ...change.after, projectId: change.projectId, subject: change.after.taskId === undefined ? 'project' : 'task' })]
        : [];
    case 'Membership': {
      const joined = joinedMember(change);
      if (joined) return [event('member.joined', { userId: joined.userId, role: joined.role, email: joined.email, joinedAt: joined.createdAt })];
      const left = change.operation === 'remove' ? change.before : undefined;
      return left ? [event('member.left', { userId: left.userId, role: left.role, email: left.email })] : [];
    }
    default:
      return [];
  }
}
