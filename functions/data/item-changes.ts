import * as z from 'zod/mini';
import type { ChangedEntity, WorkspaceChange } from '../../shared/realtime.js';

/**
 * What a table change means to the people watching a workspace, read from the stream's old and new images
 * of an item: which workspace, which entity and ids, and, for a membership, whose workspace list changed.
 * Items outside workspaces (profiles, connections, subscriptions) and invitation counters concern nobody;
 * a user's own conversations concern only them (`conversationChange`).
 */
export interface ItemChange {
  readonly workspaceId: string;
  readonly change: WorkspaceChange;
  /** A membership changed: this user's list of workspaces is different now. */
  readonly memberUserId?: string;
}

const entityNames: Readonly<Record<string, ChangedEntity>> = {
  Workspace: 'workspace',
  Membership: 'member',
  Invitation: 'invitation',
  Project: 'project',
  Task: 'task',
  Milestone: 'milestone',
  Note: 'note',
  Link: 'link',
  WeeklyPlan: 'plan',
};

const image = z.object({
  entity: z.string(),
  id: z.optional(z.string()),
  workspaceId: z.optional(z.string()),
  projectId: z.optional(z.string()),
  userId: z.optional(z.string()),
  version: z.optional(z.number()),
});

export function itemChange(oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined): ItemChange | undefined {
  const parsed = image.safeParse(newImage ?? oldImage);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  const entity = entityNames[item.entity];
  // The workspace item is the only one that names its workspace by its own id.
  const workspaceId = entity === 'workspace' ? item.id : item.workspaceId;
  if (!entity || !workspaceId) return undefined;
  // A project whose version stayed the same only had its child counters moved by a child's write, which
  // has its own change.
  if (entity === 'project' && oldImage && newImage && oldImage.version === item.version) return undefined;
  const id = entity === 'member' ? item.userId : entity === 'invitation' ? undefined : item.id;
  const change: WorkspaceChange = {
    entity,
    ...(id === undefined ? {} : { id }),
    ...(item.projectId === undefined || entity === 'project' ? {} : { projectId: item.projectId }),
    ...(newImage ? (item.version === undefined ? {} : { version: item.version }) : { deleted: true as const }),
  };
  return { workspaceId, change, ...(entity === 'member' && item.userId ? { memberUserId: item.userId } : {}) };
}

/** A change of one of a user's assistant conversations: told to that user's own connections, nobody else. */
export interface ConversationChange {
  readonly userId: string;
  readonly workspaceId: string;
  readonly id: string;
  readonly deleted: boolean;
}

const conversationImage = z.object({ entity: z.literal('Conversation'), id: z.string(), workspaceId: z.string(), userId: z.string() });

export function conversationChange(oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined): ConversationChange | undefined {
  const parsed = conversationImage.safeParse(newImage ?? oldImage);
  if (!parsed.success) return undefined;
  const { id, workspaceId, userId } = parsed.data;
  return { userId, workspaceId, id, deleted: !newImage };
}
