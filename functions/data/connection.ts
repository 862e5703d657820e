import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { connectionPartition, indexes, keys, subscribersPartition, userLookup } from './keys.js';
import { batchDeleteKeys, queryAllItems, queryIndexByPrefix } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * Open WebSocket connections and their workspace subscriptions. Both expire through the table's TTL
 * (API Gateway closes a connection after 2 hours at most), so a missed $disconnect leaves no garbage.
 */
const CONNECTION_LIFETIME_SECONDS = 3 * 60 * 60;

function expiresAt(): number {
  return epochSeconds() + CONNECTION_LIFETIME_SECONDS;
}

/**
 * `tokenExpiresAt`: when the ID token the connection was opened with expires (seconds since the epoch). Past
 * it the connection is closed at its next message or push (a signed-out or disabled user hears nothing
 * more); the browser connects again with a fresh token. Absent on connections opened before it was kept.
 */
const storedConnection = z.object({ entity: z.literal('Connection'), connectionId: z.string(), userId: z.string(), tokenExpiresAt: z.optional(z.number()) });
export type StoredConnection = z.infer<typeof storedConnection>;

/** Whether a connection's token has expired (now, in seconds since the epoch). */
export function tokenExpired(connection: { readonly tokenExpiresAt?: number | undefined }, now = epochSeconds()): boolean {
  return connection.tokenExpiresAt !== undefined && connection.tokenExpiresAt <= now;
}

/** A connection subscribed to a workspace, with its user so the fan-out can re-check their membership. */
export interface Subscriber {
  readonly connectionId: string;
  /** Absent on subscriptions made before users were recorded: those are treated as no longer valid. */
  readonly userId?: string;
  /** The connection's token expiry, copied when it subscribed. */
  readonly tokenExpiresAt?: number;
}

const storedSubscription = z.object({
  entity: z.literal('Subscription'),
  connectionId: z.string(),
  userId: z.optional(z.string()),
  tokenExpiresAt: z.optional(z.number()),
});
const storedSubscriptionRef = z.object({ entity: z.literal('SubscriptionRef'), workspaceId: z.string() });

export async function putConnection(connectionId: string, userId: string, tokenExpiresAt: number): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.connection(connectionId),
        [indexes.userLookup.partitionKey]: userLookup.partition(userId),
        [indexes.userLookup.sortKey]: userLookup.connectionSortKey(connectionId),
        entity: 'Connection',
        connectionId,
        userId,
        tokenExpiresAt,
        connectedAt: new Date().toISOString(),
        expiresAt: expiresAt(),
      },
    }),
  );
}

export async function getConnection(connectionId: string): Promise<StoredConnection | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.connection(connectionId) }));
  return Item ? storedConnection.parse(Item) : undefined;
}

/** Removes the connection and every subscription it made (every page of them). */
export async function deleteConnection(connectionId: string): Promise<void> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': connectionPartition(connectionId) },
  });
  const subscriptions = items.flatMap((item) => {
    const reference = storedSubscriptionRef.safeParse(item);
    return reference.success ? [keys.subscription(reference.data.workspaceId, connectionId)] : [];
  });
  await batchDeleteKeys([...subscriptions, ...items.map((item) => ({ PK: item.PK, SK: item.SK }))]);
}

/** Subscribes a connection to a workspace's changes; the back-reference lets $disconnect clean up. */
export async function subscribeToWorkspace(connection: StoredConnection, workspaceId: string): Promise<void> {
  const { connectionId, userId, tokenExpiresAt } = connection;
  const expires = expiresAt();
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.subscription(workspaceId, connectionId), entity: 'Subscription', connectionId, workspaceId, userId, tokenExpiresAt, expiresAt: expires },
    }),
  );
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.subscriptionRef(connectionId, workspaceId), entity: 'SubscriptionRef', workspaceId, expiresAt: expires },
    }),
  );
}

export async function listConnectionsOfUser(userId: string): Promise<string[]> {
  const items = await queryIndexByPrefix(indexes.userLookup, userLookup.partition(userId), userLookup.connectionPrefix);
  return items.map((item) => storedConnection.parse(item).connectionId);
}

export async function listWorkspaceSubscribers(workspaceId: string): Promise<Subscriber[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': subscribersPartition(workspaceId) },
  });
  return items.map((item) => storedSubscription.parse(item));
}

function subscriptionKeys(workspaceId: string, connectionId: string) {
  return [keys.subscription(workspaceId, connectionId), keys.subscriptionRef(connectionId, workspaceId)];
}

/** Drops connections' subscriptions to a workspace (both sides of each). */
export async function unsubscribe(workspaceId: string, connectionIds: readonly string[]): Promise<void> {
  await batchDeleteKeys(connectionIds.flatMap((connectionId) => subscriptionKeys(workspaceId, connectionId)));
}

/** A removed member's open connections stop hearing about the workspace. */
export async function unsubscribeUserFromWorkspace(userId: string, workspaceId: string): Promise<void> {
  await unsubscribe(workspaceId, await listConnectionsOfUser(userId));
}

/** Every subscription to a deleted workspace, with the back-references on the connections. */
export async function deleteWorkspaceSubscriptions(workspaceId: string): Promise<void> {
  await unsubscribe(workspaceId, (await listWorkspaceSubscribers(workspaceId)).map((subscriber) => subscriber.connectionId));
}
