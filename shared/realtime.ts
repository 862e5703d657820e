import * as z from 'zod/mini';
import { chatFrame, chatRequest } from './schemas/chat.js';
import { resourceId } from './schemas/ids.js';

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

/** `plan`: a weekly plan was saved (the team's, or a member's own). */
export const changedEntities = ['workspace', 'member', 'invitation', 'project', 'task', 'milestone', 'note', 'link', 'plan'] as const;
export type ChangedEntity = (typeof changedEntities)[number];

/**
 * One changed item of a workspace, by ids only (never content): the client refreshes just what it names,
 * or nothing when it already holds that version (its own write coming back).
 */
export const workspaceChange = z.object({
  entity: z.enum(changedEntities),
  /** The item's id; absent for invitations, whose key is an e-mail address. */
  id: z.optional(z.string()),
  /** For tasks, milestones and notes. */
  projectId: z.optional(z.string()),
  /** The version written; absent for items without one and for deletions. */
  version: z.optional(z.number()),
  deleted: z.optional(z.literal(true)),
});
export type WorkspaceChange = z.infer<typeof workspaceChange>;

/** A push names at most this many changes; beyond it (a bulk delete) it says only that the workspace changed. */
export const MAX_CHANGES_PER_PUSH = 50;

/** What the server pushes. */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), workspaceId: z.string() }),
  /** The user's memberships changed: reload the workspace list. */
  z.object({ type: z.literal('workspaces.changed') }),
  /** Items of a subscribed workspace changed; without `changes`, anything of it may have. */
  z.object({ type: z.literal('workspace.changed'), workspaceId: z.string(), changes: z.optional(z.array(workspaceChange)) }),
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
