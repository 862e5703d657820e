import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { WorkspaceChange } from '../../shared/realtime.js';
import { listConnectionsOfUser, listWorkspaceSubscribers, unsubscribe } from '../data/connection.js';
import { activityOf, putActivity, type ActivityEvent } from '../data/activity.js';
import { conversationChange, itemChange, type ConversationChange } from '../data/item-changes.js';
import { listMembersOf } from '../data/membership.js';
import { applySearchIndexWrites, searchIndexWrites, type SearchIndexWrites } from '../data/search-index.js';
import { logger } from '../lib/logger.js';
import { workspaceFrames } from './frames.js';
import { push, pushInOrder } from './push.js';

type Image = Record<string, AttributeValue> | undefined;

const toItem = (image: Image) => (image ? unmarshall(image) : undefined);

/**
 * Table stream → team activity, the search index and WebSocket pushes. Events of the activity feed
 * (data/activity.ts) and the search entries of changed texts (data/search-index.ts) are stored first. A
 * membership change tells its user to reload their workspaces; every change inside a workspace goes to that
 * workspace's subscribers with the item's new view (data/item-changes.ts), all of a batch's changes in as
 * few frames as fit (frames.ts), members and subscribers read once per workspace per batch; a change of
 * someone's assistant conversation goes to their own connections only. Each subscriber's membership is
 * checked again first: a connection whose user has left the workspace hears nothing more and its
 * subscription is dropped.
 */
export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function fanout(event) {
    const usersToNotify = new Set<string>();
    const changesByWorkspace = new Map<string, Map<string, WorkspaceChange>>();
    const activity: ActivityEvent[] = [];
    const searchWrites: SearchIndexWrites[] = [];
    // By owner (user and workspace), then conversation: the last change of one within a batch counts.
    const conversationChanges = new Map<string, Map<string, ConversationChange>>();
    for (const record of event.Records) {
      const [oldImage, newImage] = [toItem(record.dynamodb?.OldImage as Image), toItem(record.dynamodb?.NewImage as Image)];
      activity.push(...activityOf(oldImage, newImage, record.eventID ?? `${record.dynamodb?.SequenceNumber ?? ''}`));
      searchWrites.push(searchIndexWrites(oldImage, newImage));
      const conversation = conversationChange(oldImage, newImage);
      if (conversation) {
        const owner = `${conversation.userId}#${conversation.workspaceId}`;
        const owned = conversationChanges.get(owner) ?? new Map<string, ConversationChange>();
        conversationChanges.set(owner, owned.set(conversation.id, conversation));
      }
      const described = itemChange(oldImage, newImage);
      if (!described) continue;
      if (described.memberUserId) usersToNotify.add(described.memberUserId);
      const changes = changesByWorkspace.get(described.workspaceId) ?? new Map<string, WorkspaceChange>();
      // The last change of an item within a batch is the one that counts. A note moved between projects is
      // two items (removed from one project, added to the other): both changes are kept.
      changes.set(`${described.change.entity}#${described.change.projectId ?? ''}#${described.change.id ?? ''}`, described.change);
      changesByWorkspace.set(described.workspaceId, changes);
    }
    // Stored before the pushes, so a dashboard or a search that reloads on a push finds them.
    await Promise.all([putActivity(activity), applySearchIndexWrites(searchWrites)]);
    await Promise.all([
      ...[...usersToNotify].map(async (userId) => push(await listConnectionsOfUser(userId), { type: 'workspaces.changed' })),
      ...[...changesByWorkspace].map(([workspaceId, changes]) => pushToMembers(workspaceId, [...changes.values()])),
      ...[...conversationChanges.values()].map((owned) => pushConversationChanges([...owned.values()])),
    ]);
  });

async function pushToMembers(workspaceId: string, changes: WorkspaceChange[]): Promise<void> {
  const [subscribers, members] = await Promise.all([listWorkspaceSubscribers(workspaceId), listMembersOf(workspaceId)]);
  const memberIds = new Set(members.map((member) => member.userId));
  const allowed = subscribers.filter((subscriber) => subscriber.userId !== undefined && memberIds.has(subscriber.userId));
  const refused = subscribers.filter((subscriber) => !allowed.includes(subscriber));
  await Promise.all([
    pushInOrder(
      allowed.map((subscriber) => subscriber.connectionId),
      workspaceFrames(workspaceId, changes),
    ),
    refused.length > 0 ? unsubscribe(workspaceId, refused.map((subscriber) => subscriber.connectionId)) : undefined,
  ]);
}

/** The changed conversations of one user in one workspace, in one push to that user's connections only. */
async function pushConversationChanges(changes: readonly ConversationChange[]): Promise<void> {
  const [first] = changes;
  if (!first) return;
  await push(await listConnectionsOfUser(first.userId), {
    type: 'conversations.changed',
    workspaceId: first.workspaceId,
    changes: changes.map(({ id, deleted }) => ({ id, ...(deleted ? { deleted: true as const } : {}) })),
  });
}
