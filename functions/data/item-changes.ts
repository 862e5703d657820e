import { workspaceChange, type ChangedEntity, type ProjectCounts, type WorkspaceChange } from '../../shared/realtime.js';
import type { StreamChange } from './stream-changes.js';

/**
 * What a table change (data/stream-changes.ts) means to the people watching a workspace: which workspace,
 * which entity and ids, the item's new public view (tasks, milestones, notes, links and project summaries,
 * so a browser applies it without reading), and, for a membership, whose workspace list changed.
 * Items outside workspaces are no change at all; a user's own conversations concern only them
 * (`conversationChange`).
 */
export interface ItemChange {
  readonly workspaceId: string;
  readonly change: WorkspaceChange;
  /** A membership changed: this user's list of workspaces is different now. */
  readonly memberUserId?: string;
}

const entityNames: Readonly<Record<StreamChange['entity'], ChangedEntity | undefined>> = {
  Workspace: 'workspace',
  Membership: 'member',
  Invitation: 'invitation',
  Project: 'project',
  Task: 'task',
  Milestone: 'milestone',
  Note: 'note',
  Link: 'link',
  Label: 'label',
  WeeklyPlan: 'plan',
  Conversation: undefined,
  Comment: 'comment',
  TrashEntry: 'trash',
  // Its entry's push names the change; a part's own would only repeat it.
  TrashPart: undefined,
  Attachment: 'attachment',
};

export function itemChange(stored: StreamChange): ItemChange | undefined {
  const entity = entityNames[stored.entity];
  if (!entity) return undefined;
  const id = entity === 'member' ? stored.userId : entity === 'invitation' ? undefined : stored.id;
  const deleted = stored.operation === 'remove';
  // Checked against the message schema, which also types it by entity.
  const change = workspaceChange.safeParse({
    entity,
    ...(id === undefined ? {} : { id }),
    ...(stored.projectId === undefined || entity === 'project' ? {} : { projectId: stored.projectId }),
    ...(deleted ? { deleted: true as const } : stored.version === undefined ? {} : { version: stored.version }),
    ...(deleted ? {} : viewOf(stored)),
    ...(stored.entity === 'Comment' || stored.entity === 'Attachment' ? { taskId: stored.taskId } : {}),
  });
  if (!change.success) return undefined;
  return { workspaceId: stored.workspaceId, change: change.data, ...(entity === 'member' && stored.userId ? { memberUserId: stored.userId } : {}) };
}

/**
 * The item's public view as the API answers it (the storage schemas' output); none for the entities a
 * browser reloads, or for an item that no longer reads, which the browser then reads itself.
 */
function viewOf(stored: StreamChange): { item?: unknown; counts?: ProjectCounts } {
  switch (stored.entity) {
    case 'Project': {
      const { before, after } = stored;
      if (!after) return {};
      // The version stayed the same: only a child's write moved its counts, and only they are sent.
      if (before?.version !== after.version) return { item: after };
      const { taskCount, completedTaskCount, milestoneCount, noteCount, commentCount, countsRevision } = after;
      return { counts: { taskCount, completedTaskCount, milestoneCount, noteCount, commentCount, countsRevision } };
    }
    case 'Task':
    case 'Milestone':
    case 'Note':
    case 'Link':
      return stored.after ? { item: stored.after } : {};
    default:
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

export function conversationChange(stored: StreamChange): ConversationChange | undefined {
  if (stored.entity !== 'Conversation' || !stored.id || !stored.userId) return undefined;
  return { userId: stored.userId, workspaceId: stored.workspaceId, id: stored.id, deleted: stored.operation === 'remove' };
}
