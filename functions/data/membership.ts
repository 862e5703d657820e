import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { documentClient, tableName } from './client.js';

/** A user's membership of a workspace. Lives in the workspace's partition, indexed by user on GSI1. */
export interface Membership {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  email: string;
  createdAt: string;
}

const WORKSPACE_PREFIX = 'WS#';
const MEMBER_PREFIX = 'MEMBER#';
const USER_PREFIX = 'USER#';

export function membershipItem(membership: Membership): Record<string, unknown> {
  return {
    PK: `${WORKSPACE_PREFIX}${membership.workspaceId}`,
    SK: `${MEMBER_PREFIX}${membership.userId}`,
    GSI1PK: `${USER_PREFIX}${membership.userId}`,
    GSI1SK: `${WORKSPACE_PREFIX}${membership.workspaceId}`,
    entity: 'Membership',
    ...membership,
  };
}

function toMembership(item: Record<string, unknown>): Membership {
  return {
    workspaceId: String(item.workspaceId),
    userId: String(item.userId),
    role: item.role as WorkspaceRole,
    email: String(item.email ?? ''),
    createdAt: String(item.createdAt),
  };
}

export async function getMembership(workspaceId: string, userId: string): Promise<Membership | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName,
      Key: { PK: `${WORKSPACE_PREFIX}${workspaceId}`, SK: `${MEMBER_PREFIX}${userId}` },
    }),
  );
  return Item ? toMembership(Item) : undefined;
}

/** Every membership of a user: one paginated Query of GSI1, however many workspaces. */
export async function listMembershipsOfUser(userId: string): Promise<Membership[]> {
  const memberships: Membership[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :user AND begins_with(GSI1SK, :workspace)',
        ExpressionAttributeValues: { ':user': `${USER_PREFIX}${userId}`, ':workspace': WORKSPACE_PREFIX },
        ExclusiveStartKey: startKey,
      }),
    );
    memberships.push(...(page.Items ?? []).map(toMembership));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return memberships;
}

/** Recognises a membership in a raw stream image, so the fan-out can tell whom a change concerns. */
export function membershipUserIdFromKeys(keys: { PK?: string; SK?: string }): string | undefined {
  return keys.PK?.startsWith(WORKSPACE_PREFIX) && keys.SK?.startsWith(MEMBER_PREFIX)
    ? keys.SK.slice(MEMBER_PREFIX.length)
    : undefined;
}

export function workspaceIdFromKeys(keys: { PK?: string }): string | undefined {
  return keys.PK?.startsWith(WORKSPACE_PREFIX) ? keys.PK.slice(WORKSPACE_PREFIX.length) : undefined;
}
