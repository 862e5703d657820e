import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { WorkspaceChange } from '../../shared/realtime.js';
import { listConnectionsOfUser } from '../data/connection.js';
import { conversationChange, itemChange, type ConversationChange } from '../data/item-changes.js';
import { decodeChange } from '../data/stream-changes.js';
import { logger } from '../lib/logger.js';
import { audienceOf, pushToAudience } from './audience.js';
import { push } from './push.js';

/**
 * Table stream → WebSocket pushes (team activity, task history and the search index are kept by
 * activity-indexer.ts, at their own pace). A membership change tells its user to reload their workspaces; every change inside a
 * workspace goes to that workspace's subscribers with the item's new view (data/item-changes.ts), all of a
 * batch's changes in as few frames as fit (frames.ts), members and subscribers read once per workspace per
 * batch; a change of someone's assistant conversation goes to their own connections only. Each
 * subscriber's membership is checked again first: a connection whose user has left the workspace hears
 * nothing more and its subscription is dropped.
 */
export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function fanout(event) {
    const usersToNotify = new Set<string>();
    const changesByWorkspace = new Map<string, Map<string, WorkspaceChange>>();
    // By owner (user and workspace), then conversation: the last change of one within a batch counts.
    const conversationChanges = new Map<string, Map<string, ConversationChange>>();
    for (const record of event.Records) {
      const stored = decodeChange(record);
      if (!stored) continue;
      const conversation = conversationChange(stored);
      if (conversation) {
        const owner = `${conversation.userId}#${conversation.workspaceId}`;
        const owned = conversationChanges.get(owner) ?? new Map<string, ConversationChange>();
        conversationChanges.set(owner, owned.set(conversation.id, conversation));
      }
      const described = itemChange(stored);
      if (!described) continue;
      if (described.memberUserId) usersToNotify.add(described.memberUserId);
      const changes = changesByWorkspace.get(described.workspaceId) ?? new Map<string, WorkspaceChange>();
      // The last change of an item within a batch is the one that counts. A note moved between projects is
      // two items (removed from one project, added to the other): both changes are kept.
      changes.set(`${described.change.entity}#${described.change.projectId ?? ''}#${described.change.id ?? ''}`, described.change);
      changesByWorkspace.set(described.workspaceId, changes);
    }
    await Promise.all([
      ...[...usersToNotify].map(async (userId) => push(await listConnectionsOfUser(userId), { type: 'workspaces.changed' })),
      ...[...changesByWorkspace].map(async ([workspaceId, changes]) => pushToAudience(await audienceOf(workspaceId), [...changes.values()])),
      ...[...conversationChanges.values()].map((owned) => pushConversationChanges([...owned.values()])),
    ]);
  });

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
