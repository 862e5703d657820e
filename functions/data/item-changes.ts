import * as z from 'zod/mini';
import { projectCounts, workspaceChange, type ChangedEntity, type ProjectCounts, type WorkspaceChange } from '../../shared/realtime.js';
import { parseLink } from './links.js';
import { parseChild } from './project-children.js';
import { parseProject } from './projects.js';

/**
 * What a table change means to the people watching a workspace, read from the stream's old and new images
 * of an item: which workspace, which entity and ids, the item's new public view (tasks, milestones, notes,
 * links and project summaries, so a browser applies it without reading), and, for a membership, whose
 * workspace list changed.
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
  const id = entity === 'member' ? item.userId : entity === 'invitation' ? undefined : item.id;
  // Checked against the message schema, which also types it by entity.
  const change = workspaceChange.safeParse({
    entity,
    ...(id === undefined ? {} : { id }),
    ...(item.projectId === undefined || entity === 'project' ? {} : { projectId: item.projectId }),
    ...(newImage ? (item.version === undefined ? {} : { version: item.version }) : { deleted: true as const }),
    ...(newImage ? (countsOnly(entity, oldImage, newImage) ? countsOf(newImage) : viewOf(entity, newImage)) : {}),
  });
  if (!change.success) return undefined;
  return { workspaceId, change: change.data, ...(entity === 'member' && item.userId ? { memberUserId: item.userId } : {}) };
}

const views: Partial<Record<ChangedEntity, (item: Record<string, unknown>) => unknown>> = {
  task: (item) => parseChild('task', item),
  milestone: (item) => parseChild('milestone', item),
  note: (item) => parseChild('note', item),
  link: parseLink,
  project: parseProject,
};

/** A project whose version stayed the same: only a child's write moved its counts. */
const countsOnly = (entity: ChangedEntity, oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown>) =>
  entity === 'project' && oldImage !== undefined && oldImage.version === newImage.version;

function countsOf(newImage: Record<string, unknown>): { counts?: ProjectCounts } {
  // Read as the summary (old items lack counts), then only the counts are kept.
  const counts = projectCounts.safeParse(viewOf('project', newImage).item);
  return counts.success ? { counts: counts.data } : {};
}

/** The item's public view as the API answers it; none for the entities a browser reloads, or for an item that no longer parses. */
function viewOf(entity: ChangedEntity, newImage: Record<string, unknown>): { item?: unknown } {
  const view = views[entity];
  if (!view) return {};
  try {
    return { item: view(newImage) };
  } catch {
    return {};
  }
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
