/**
 * The team activity feed (spec core §2 Team Activity): events read from the table's stream — a task
 * created, completed or assigned, a milestone completed, a note created, a member joined — kept 30 days and
 * read, the latest first, with one Query. An event's id comes from the stream record, so a redelivered batch
 * writes the same items again instead of new ones.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { activityTypes, type ActivityType } from '../../shared/schemas/dashboard.js';
import type { TaskView } from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import { activityPartition, keys } from './keys.js';
import type { Membership } from './membership.js';
import type { StreamChange } from './stream-changes.js';
import { batchDeleteKeys, batchPutItems, queryAllItems } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

const KEPT_SECONDS = 30 * 24 * 60 * 60;

export interface ActivityEvent {
  readonly workspaceId: string;
  readonly id: string;
  readonly type: ActivityType;
  readonly actorId: string;
  /** The task, milestone or note title; empty for a member who joined. */
  readonly subject: string;
  readonly projectId: string | null;
  readonly itemId: string | null;
  /** For an assignment: who got the task. */
  readonly targetUserId: string | null;
  readonly at: string;
}

/** The events one change of an item means (none for most changes, and none from an item that no longer reads). */
export function activityOf(change: StreamChange, eventId: string): ActivityEvent[] {
  const event = (type: ActivityType, fields: EventFields, targetUserId: string | null = null): ActivityEvent => ({
    workspaceId: change.workspaceId,
    id: `${eventId}-${type}`,
    type,
    ...fields,
    targetUserId,
  });
  switch (change.entity) {
    case 'Task': {
      const { before, after } = change;
      // An import's tasks are no team news one by one (thousands of "created", at their file's dates): the
      // import's report tells what it made. Later changes of them are events as any task's.
      if (!after || (change.imported && change.operation === 'insert')) return [];
      const { created, fields } = childWrite(change, after);
      return [
        ...(created ? [event('task_created', fields)] : []),
        ...(completedNow(before, after, created) ? [event('task_completed', fields)] : []),
        ...(after.assignedTo && after.assignedTo !== (before?.assignedTo ?? null) ? [event('task_assigned', fields, after.assignedTo)] : []),
      ];
    }
    case 'Milestone': {
      const { before, after } = change;
      if (!after) return [];
      const { created, fields } = childWrite(change, after);
      return completedNow(before, after, created) ? [event('milestone_completed', fields)] : [];
    }
    case 'Note': {
      if (!change.after) return [];
      const { created, fields } = childWrite(change, change.after);
      return created ? [event('note_created', fields)] : [];
    }
    case 'Membership': {
      const member = joinedMember(change);
      if (!member) return [];
      return [event('member_joined', { actorId: member.userId, subject: '', projectId: null, itemId: null, at: member.createdAt })];
    }
    default:
      return [];
  }
}

/** The member a membership change added (the owner's membership is the workspace being created, not someone joining). */
export function joinedMember(change: Extract<StreamChange, { entity: 'Membership' }>): Membership | undefined {
  const member = change.after;
  return change.operation === 'insert' && member && member.role !== 'owner' ? member : undefined;
}

/** Whether the write made the item (a new item past its first version is a note moved to another project, not made). */
export const createdByWrite = (operation: StreamChange['operation'], after: { version: number }) => operation === 'insert' && after.version === 1;

type EventFields = Pick<ActivityEvent, 'actorId' | 'subject' | 'projectId' | 'itemId' | 'at'>;

/** Whether the write made the child, and the event fields of who wrote it and when. */
function childWrite(
  change: { readonly operation: StreamChange['operation']; readonly updatedBy: string | undefined },
  after: Pick<TaskView, 'id' | 'projectId' | 'title' | 'createdBy' | 'createdAt' | 'updatedAt' | 'version'>,
): { created: boolean; fields: EventFields } {
  const created = createdByWrite(change.operation, after);
  return {
    created,
    fields: {
      actorId: (created ? undefined : change.updatedBy) ?? after.createdBy,
      subject: after.title,
      projectId: after.projectId,
      itemId: after.id,
      at: created ? after.createdAt : after.updatedAt,
    },
  };
}

/** Completed by this write; an unreadable state before counts as open. */
export const completedNow = (before: { completed: boolean } | undefined, after: { completed: boolean }, created: boolean) =>
  after.completed && !(before?.completed ?? false) && !created;

export function putActivity(events: readonly ActivityEvent[]): Promise<void> {
  return batchPutItems(
    events.map((event) => ({
      ...keys.activity(event.workspaceId, event.at, event.id),
      entity: 'Activity',
      ...event,
      expiresAt: epochSeconds(event.at) + KEPT_SECONDS,
    })),
  );
}

const storedEvent = z.object({
  workspaceId: z.string(),
  id: z.string(),
  type: z.enum(activityTypes),
  actorId: z.string(),
  subject: z.string(),
  projectId: z.nullable(z.string()),
  itemId: z.nullable(z.string()),
  targetUserId: z.nullable(z.string()),
  at: z.string(),
});

/** The latest `limit` events of a workspace, newest first. */
export async function latestActivity(workspaceId: string, limit: number): Promise<ActivityEvent[]> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': activityPartition(workspaceId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => storedEvent.parse(item));
}

/** Deletes a workspace's feed with the workspace (it would otherwise wait for its TTL). */
export async function deleteActivityOf(workspaceId: string): Promise<void> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': activityPartition(workspaceId) },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
}
