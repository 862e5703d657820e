/**
 * The team activity feed (spec core §2 Team Activity): events read from the table's stream — a task
 * created, completed or assigned, a milestone completed, a note created, a member joined — kept 30 days and
 * read, the latest first, with one Query. An event's id comes from the stream record, so a redelivered batch
 * writes the same items again instead of new ones.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { activityTypes, type ActivityType } from '../../shared/schemas/dashboard.js';
import { documentClient, tableName } from './client.js';
import { activityPartition, keys } from './keys.js';
import { batchDeleteKeys, batchPutItems, queryAllItems } from './table-operations.js';

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

const image = z.object({
  entity: z.string(),
  workspaceId: z.string(),
  id: z.optional(z.string()),
  projectId: z.optional(z.string()),
  title: z.optional(z.string()),
  userId: z.optional(z.string()),
  role: z.optional(z.string()),
  completed: z.optional(z.boolean()),
  assignedTo: z.optional(z.nullable(z.string())),
  createdBy: z.optional(z.string()),
  updatedBy: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  version: z.optional(z.number()),
});
const partialImage = z.partial(image);

/** The events one change of an item means (none for most changes). */
export function activityOf(oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined, eventId: string): ActivityEvent[] {
  const parsed = image.safeParse(newImage);
  if (!parsed.success) return [];
  const item = parsed.data;
  const before = oldImage ? partialImage.safeParse(oldImage).data : undefined;
  // A new item past its first version is a note moved to another project (stored anew there), not created.
  const created = !oldImage && (item.version ?? 1) === 1;
  const actorId = (created ? item.createdBy : item.updatedBy) ?? item.createdBy ?? '';
  const at = (created ? item.createdAt : item.updatedAt) ?? item.createdAt ?? new Date().toISOString();
  const event = (type: ActivityType, extra: Partial<ActivityEvent> = {}): ActivityEvent => ({
    workspaceId: item.workspaceId,
    id: `${eventId}-${type}`,
    type,
    actorId,
    subject: item.title ?? '',
    projectId: item.projectId ?? null,
    itemId: item.id ?? null,
    targetUserId: null,
    at,
    ...extra,
  });
  const completedNow = Boolean(item.completed) && !(before?.completed ?? false) && !created;
  switch (item.entity) {
    case 'Task': {
      const events: ActivityEvent[] = [];
      if (created) events.push(event('task_created'));
      if (completedNow) events.push(event('task_completed'));
      if (item.assignedTo && item.assignedTo !== (before?.assignedTo ?? null)) events.push(event('task_assigned', { targetUserId: item.assignedTo }));
      return events;
    }
    case 'Milestone':
      return completedNow ? [event('milestone_completed')] : [];
    case 'Note':
      return created ? [event('note_created')] : [];
    case 'Membership':
      // The owner's membership is the workspace being created, not someone joining.
      return created && item.userId && item.role !== 'owner' ? [event('member_joined', { actorId: item.userId, subject: '', itemId: null, projectId: null, at: item.createdAt ?? at })] : [];
    default:
      return [];
  }
}

export function putActivity(events: readonly ActivityEvent[]): Promise<void> {
  return batchPutItems(
    events.map((event) => ({
      ...keys.activity(event.workspaceId, event.at, event.id),
      entity: 'Activity',
      ...event,
      expiresAt: Math.floor(Date.parse(event.at) / 1000) + KEPT_SECONDS,
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
