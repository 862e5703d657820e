import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { batchDeleteKeys, queryAllItems } from './table-operations.js';

/**
 * Open WebSocket connections and their workspace subscriptions. Both expire through the table's TTL
 * (API Gateway closes a connection after 2 hours at most), so a missed $disconnect leaves no garbage.
 */
const CONNECTION_LIFETIME_SECONDS = 3 * 60 * 60;

function expiresAt(): number {
  return Math.floor(Date.now() / 1000) + CONNECTION_LIFETIME_SECONDS;
}

export async function putConnection(connectionId: string, userId: string): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        PK: `CONN#${connectionId}`,
        SK: 'META',
        GSI1PK: `USER#${userId}`,
        GSI1SK: `CONN#${connectionId}`,
        entity: 'Connection',
        connectionId,
        userId,
        connectedAt: new Date().toISOString(),
        expiresAt: expiresAt(),
      },
    }),
  );
}

export async function getConnectionUserId(connectionId: string): Promise<string | undefined> {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `CONN#${connectionId}` },
    }),
  );
  const userId = Items?.find((item) => item.SK === 'META')?.userId;
  return typeof userId === 'string' ? userId : undefined;
}

/** Removes the connection and every subscription it made (every page of them). */
export async function deleteConnection(connectionId: string): Promise<void> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': `CONN#${connectionId}` },
  });
  for (const item of items) {
    if (typeof item.workspaceId === 'string') {
      await documentClient.send(
        new DeleteCommand({ TableName: tableName, Key: subscriptionKey(item.workspaceId, connectionId) }),
      );
    }
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: { PK: item.PK, SK: item.SK } }));
  }
}

function subscriptionKey(workspaceId: string, connectionId: string): { PK: string; SK: string } {
  return { PK: `WSSUB#${workspaceId}`, SK: `CONN#${connectionId}` };
}

/** Subscribes a connection to a workspace's changes; the back-reference lets $disconnect clean up. */
export async function subscribeToWorkspace(connectionId: string, workspaceId: string): Promise<void> {
  const expires = expiresAt();
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...subscriptionKey(workspaceId, connectionId), entity: 'Subscription', connectionId, workspaceId, expiresAt: expires },
    }),
  );
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { PK: `CONN#${connectionId}`, SK: `SUB#${workspaceId}`, entity: 'SubscriptionRef', workspaceId, expiresAt: expires },
    }),
  );
}

async function queryConnectionIds(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    ids.push(...(page.Items ?? []).map((item) => String(item.connectionId)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

export function listConnectionsOfUser(userId: string): Promise<string[]> {
  return queryConnectionIds({
    TableName: tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :user AND begins_with(GSI1SK, :conn)',
    ExpressionAttributeValues: { ':user': `USER#${userId}`, ':conn': 'CONN#' },
  });
}

export function listWorkspaceSubscribers(workspaceId: string): Promise<string[]> {
  return queryConnectionIds({
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': `WSSUB#${workspaceId}` },
  });
}

function subscriptionKeys(workspaceId: string, connectionId: string): { PK: string; SK: string }[] {
  return [subscriptionKey(workspaceId, connectionId), { PK: `CONN#${connectionId}`, SK: `SUB#${workspaceId}` }];
}

/** A removed member's open connections stop hearing about the workspace (both sides of each subscription). */
export async function unsubscribeUserFromWorkspace(userId: string, workspaceId: string): Promise<void> {
  const connectionIds = await listConnectionsOfUser(userId);
  await batchDeleteKeys(connectionIds.flatMap((connectionId) => subscriptionKeys(workspaceId, connectionId)));
}

/** Every subscription to a deleted workspace, with the back-references on the connections. */
export async function deleteWorkspaceSubscriptions(workspaceId: string): Promise<void> {
  const connectionIds = await listWorkspaceSubscribers(workspaceId);
  await batchDeleteKeys(connectionIds.flatMap((connectionId) => subscriptionKeys(workspaceId, connectionId)));
}
