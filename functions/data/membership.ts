import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { documentClient, tableName } from './client.js';
import { conditionFailure, queryAllItems, transactionConflicted, transactionFailures } from './table-operations.js';
import { workspaceKey } from './workspace.js';

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
    new GetCommand({ TableName: tableName, Key: membershipKey(workspaceId, userId) }),
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

function membershipKey(workspaceId: string, userId: string): { PK: string; SK: string } {
  return { PK: `${WORKSPACE_PREFIX}${workspaceId}`, SK: `${MEMBER_PREFIX}${userId}` };
}

/** Every member of a workspace: one paginated Query of its partition. */
export async function listMembersOf(workspaceId: string): Promise<Membership[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
    ExpressionAttributeValues: { ':pk': `${WORKSPACE_PREFIX}${workspaceId}`, ':member': MEMBER_PREFIX },
  });
  return items.map(toMembership);
}

/**
 * `stale`: nothing was written because a condition of the writes made alongside failed (e.g. the
 * invitation was revoked meanwhile) or a concurrent transaction on the same items won (DynamoDB's
 * TransactionConflict: two tabs accepting the same invitation, two admins adding the same person).
 */
export type AddMembershipOutcome = 'added' | 'already-member' | 'no-workspace' | 'stale';

/**
 * Adds a membership while the workspace exists, with further writes of the same transaction (accepting an
 * invitation deletes it), so a deletion running at the same time cannot leave a member of nothing.
 */
export async function addMembership(
  membership: Membership,
  alongside: NonNullable<TransactWriteCommandInput['TransactItems']> = [],
): Promise<AddMembershipOutcome> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName: tableName, Key: workspaceKey(membership.workspaceId), ConditionExpression: 'attribute_exists(PK)' } },
          {
            Put: {
              TableName: tableName,
              Item: membershipItem(membership),
              ConditionExpression: 'attribute_not_exists(PK)',
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          ...alongside,
        ],
      }),
    );
    return 'added';
  } catch (error) {
    if (transactionConflicted(error)) return 'stale';
    const failures = transactionFailures(error);
    if (!failures) throw error;
    const [workspace, member, ...others] = failures;
    if (workspace === 'missing') return 'no-workspace';
    if (member === 'exists') return 'already-member';
    if (others.some((failure) => failure !== undefined)) return 'stale';
    throw error;
  }
}

/** The owner's membership is never changed or removed, whatever the caller checked before. */
const NOT_OWNER = 'attribute_exists(PK) AND #role <> :owner';

/** Why a write guarded by NOT_OWNER was refused: no such member, or the owner (returned as ALL_OLD). */
function ownerGuardRefusal(error: unknown): 'missing' | 'owner' {
  const failure = conditionFailure(error);
  if (failure === undefined) throw error;
  return failure === 'missing' ? 'missing' : 'owner';
}

export async function updateMemberRole(
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<Membership | 'missing' | 'owner'> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: membershipKey(workspaceId, userId),
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: NOT_OWNER,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role, ':owner': 'owner' },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return toMembership(Attributes ?? {});
  } catch (error) {
    return ownerGuardRefusal(error);
  }
}

export async function removeMembership(workspaceId: string, userId: string): Promise<'removed' | 'missing' | 'owner'> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: membershipKey(workspaceId, userId),
        ConditionExpression: NOT_OWNER,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':owner': 'owner' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'removed';
  } catch (error) {
    return ownerGuardRefusal(error);
  }
}
