import * as z from 'zod/mini';
import { resourceId } from './ids.js';
import { pageQuery } from './task-index.js';

/**
 * The inbox (issue 37): a user's own notices, written from the table's stream (and by the due-date job),
 * kept 90 days, read newest first (GET /inbox), each marked read or unread by its reader.
 *
 * - mentioned: the actor @mentioned the reader in a comment or a task description
 * - assigned: the actor assigned a task to the reader
 * - commented: the actor commented on a task the reader is assigned to or created
 * - due: a task assigned to the reader is due tomorrow (no actor)
 * - added: the actor added the reader to a workspace
 */
export const inboxKinds = ['mentioned', 'assigned', 'commented', 'due', 'added'] as const;
export type InboxKind = (typeof inboxKinds)[number];

/** A notice's text: the task's title (the workspace's name for `added`), cut to this length when written. */
export const INBOX_TEXT_MAX_LENGTH = 200;

export const inboxNoticeView = z.object({
  id: z.string(),
  kind: z.enum(inboxKinds),
  workspaceId: z.string(),
  projectId: z.nullable(z.string()),
  taskId: z.nullable(z.string()),
  /** Who did it (null for `due`); with their current name, or 'A former member' for someone gone. */
  actorId: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  text: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxNoticeView = z.infer<typeof inboxNoticeView>;

export const listInboxQuery = z.object(pageQuery);
export type ListInboxQuery = z.output<typeof listInboxQuery>;

export const inboxPage = z.object({ notices: z.array(inboxNoticeView), nextCursor: z.nullable(z.string()) });
export type InboxPage = z.infer<typeof inboxPage>;

export const inboxUnreadResponse = z.object({ unread: z.number() });

export const inboxNoticeParams = z.object({ noticeId: resourceId() });
export const markInboxNoticeInput = z.object({ read: z.boolean({ error: 'read must be true or false' }) });
export type MarkInboxNoticeInput = z.infer<typeof markInboxNoticeInput>;
export const inboxNoticeResponse = z.object({ notice: inboxNoticeView });
export const markAllReadResponse = z.object({ marked: z.number() });
