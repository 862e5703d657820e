import * as z from 'zod/mini';
import { chatFrame, chatRequest } from './schemas/chat.js';
import { resourceId } from './schemas/ids.js';
import { linkView } from './schemas/link.js';
import { milestoneView, noteView, projectSummary, taskView } from './schemas/project.js';

/**
 * Messages one connection may send in 10 seconds, pings included: far above what the app sends (a ping every
 * 5 minutes, a subscription per workspace switch, chat messages), so only a runaway or abusive client meets
 * it; its connection is then closed (CONNECTION_FLOODED) and the others are unaffected.
 */
export const MESSAGES_PER_CONNECTION_PER_10_SECONDS = 50;
export const CONNECTION_FLOODED = 'Too many messages on this connection; it was closed.';

/** What a browser may send over the WebSocket ($default route). */
export const clientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }),
  // Checked like ids in paths: the id becomes part of a DynamoDB key.
  z.object({ action: z.literal('subscribe'), workspaceId: resourceId() }),
  /** A message to the assistant; its reply streams back as `chat` messages with the same requestId. */
  z.extend(chatRequest, { action: z.literal('chat') }),
  /**
   * Stop Stream: the reply with this requestId ends at its next step; named with its conversation, that
   * conversation takes a new message at once instead of after the reply.
   */
  z.object({ action: z.literal('chat.stop'), requestId: resourceId(), workspaceId: z.optional(resourceId()), conversationId: z.optional(resourceId()) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * `plan`: a weekly plan was saved (the team's, or a member's own). `activity`: the team activity feed has
 * new events, stored after the changes they describe were pushed. `comment`: a comment on the task
 * `taskId` (or, without one, on the project) was made, edited or deleted (issue 37); the browser reads those comments again. `attachment`:
 * a file on the task `taskId` (or, without one, on a comment of the project) was asked for, completed or deleted; the browser reads those files again.
 * `trash`: an entry of the Trash came or went (issue 37); the browser reads the trash again.
 */
export const changedEntities = ['workspace', 'member', 'invitation', 'project', 'task', 'milestone', 'note', 'link', 'label', 'plan', 'activity', 'comment', 'attachment', 'trash'] as const;
export type ChangedEntity = (typeof changedEntities)[number];

/** A project's counts and their revision: what a child's write changes of its project. */
export const projectCounts = z.pick(projectSummary, { taskCount: true, completedTaskCount: true, milestoneCount: true, noteCount: true, commentCount: true, countsRevision: true });
export type ProjectCounts = z.infer<typeof projectCounts>;

const changeIds = {
  /** The item's id; absent for invitations, whose key is an e-mail address. */
  id: z.optional(z.string()),
  /** For tasks, milestones and notes. */
  projectId: z.optional(z.string()),
  /** The version written; absent for items without one and for deletions. */
  version: z.optional(z.number()),
  deleted: z.optional(z.literal(true)),
};

/**
 * One changed item of a workspace: its ids and, for the items a browser holds in its cache (tasks,
 * milestones, notes, links, project summaries with their counts), the item's new public view, which the
 * browser applies without reading anything; a project whose counts alone changed, just those. The view is left out of a deletion, and of an item too large
 * for one frame (a long note), which the browser then reads itself. Workspaces, members, invitations,
 * labels, plans and the activity feed are named only: the browser reloads those few reads.
 */
export const workspaceChange = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('task'), ...changeIds, item: z.optional(taskView) }),
  z.object({ entity: z.literal('milestone'), ...changeIds, item: z.optional(milestoneView) }),
  z.object({ entity: z.literal('note'), ...changeIds, item: z.optional(noteView) }),
  z.object({ entity: z.literal('link'), ...changeIds, item: z.optional(linkView) }),
  z.object({
    entity: z.literal('project'),
    ...changeIds,
    item: z.optional(projectSummary),
    /** Instead of the item when only a child's write moved the counts (the version is the same). */
    counts: z.optional(projectCounts),
  }),
  /** A comment without `taskId` is one on the project `projectId` itself. */
  z.object({ entity: z.literal('comment'), ...changeIds, taskId: z.optional(z.string()) }),
  /** An attachment without `taskId` is a file of a comment on the project `projectId` itself. */
  z.object({ entity: z.literal('attachment'), ...changeIds, taskId: z.optional(z.string()) }),
  z.object({ entity: z.enum(['workspace', 'member', 'invitation', 'label', 'plan', 'activity', 'trash']), ...changeIds }),
]);
export type WorkspaceChange = z.infer<typeof workspaceChange>;

/**
 * The largest push frame, in bytes of its JSON: API Gateway's WebSocket frame limit (32 KB). A batch's
 * changes go in as few frames as fit; a change that would not fit alone goes without its view.
 */
export const MAX_PUSH_FRAME_BYTES = 32 * 1024;

/** What the server pushes. */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), workspaceId: z.string() }),
  /** The user's memberships changed: reload the workspace list. */
  z.object({ type: z.literal('workspaces.changed') }),
  /** The user's inbox has a new notice (issue 37): reload its unread count and list. */
  z.object({ type: z.literal('inbox.changed') }),
  /** Items of a subscribed workspace changed, in the order they were written. */
  z.object({ type: z.literal('workspace.changed'), workspaceId: z.string(), changes: z.array(workspaceChange) }),
  /** The user's own assistant conversations in the workspace changed (another tab or device wrote them). */
  z.object({
    type: z.literal('conversations.changed'),
    workspaceId: z.string(),
    changes: z.array(z.object({ id: z.string(), deleted: z.optional(z.literal(true)) })),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
  /** One frame of the assistant's reply to the request `requestId`. */
  z.object({ type: z.literal('chat'), requestId: z.string(), frame: chatFrame }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
