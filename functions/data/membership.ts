import {
  DeleteCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { workspaceRoles, type WorkspaceRole } from '../../shared/schemas/workspace.js';
import { documentClient, tableName } from './client.js';
import { indexes, keys, userLookup, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { conditionFailure, lostConcurrencyRace, queryAllItems, queryIndexByPrefix, refusalsOf, retryingLostRaces, type RefusableWrite } from './table-operations.js';

/** A user's membership of a workspace. Lives in the workspace's partition, indexed by user (userLookup). */
export interface Membership {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  email: string;
  /** When they joined: were added, accepted an invitation, or made the workspace. */
  createdAt: string;
  /** Who added them (Add Member, or the invitation's sender); absent for the owner and older memberships. */
  addedBy?: string;
  /**
   * False until the added person has seen that they were added (the bell and the banner show it until
   * then). Memberships from before notices, and the owner's, count as seen.
   */
  noticeSeen: boolean;
}

export const MEMBERSHIP_ENTITY = 'Membership';

export const storedMembership = z.pipe(
  z.object({
    entity: z.literal(MEMBERSHIP_ENTITY),
    workspaceId: z.string(),
    userId: z.string(),
    role: z.enum(workspaceRoles),
    // Memberships written before the address was kept have none.
    email: z._default(z.string(), ''),
    createdAt: z.string(),
    addedBy: z.optional(z.string()),
    noticeSeen: z._default(z.boolean(), true),
  }),
  z.transform(({ entity: _entity, ...membership }): Membership => membership),
);

export function membershipItem(membership: Membership): Record<string, unknown> {
  return {
    ...keys.membership(membership.workspaceId, membership.userId),
    [indexes.userLookup.partitionKey]: userLookup.partition(membership.userId),
    [indexes.userLookup.sortKey]: userLookup.membershipSortKey(membership.workspaceId),
    entity: MEMBERSHIP_ENTITY,
    ...membership,
  };
}

function toMembership(item: Record<string, unknown>): Membership {
  return storedMembership.parse(item);
}

/**
 * The membership every access check reads: consistently, so a member who was just removed (or demoted) is
 * refused at once rather than for the second an eventually consistent read may still return the old item.
 */
export async function getMembership(workspaceId: string, userId: string): Promise<Membership | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.membership(workspaceId, userId), ConsistentRead: true }));
  return Item ? toMembership(Item) : undefined;
}

/** Every membership of a user: one paginated Query of the userLookup index, however many workspaces. */
export async function listMembershipsOfUser(userId: string): Promise<Membership[]> {
  const items = await queryIndexByPrefix(indexes.userLookup, userLookup.partition(userId), userLookup.membershipPrefix);
  return items.map(toMembership);
}

/** Every member of a workspace: one paginated Query of its partition. */
export async function listMembersOf(workspaceId: string): Promise<Membership[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':member': workspaceSortKeyPrefixes.member },
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
  const items: RefusableWrite<AddMembershipOutcome>[] = [
    { write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(membership.workspaceId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'no-workspace' },
    { write: { Put: { TableName: tableName, Item: membershipItem(membership), ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'already-member' },
    ...alongside.map((write) => ({ write, refused: 'stale' as const })),
  ];
  try {
    // Sent once, not retried: a lost race means another writer (a second tab) is doing the same.
    await documentClient.send(new TransactWriteCommand({ TransactItems: items.map(({ write }) => write) }));
    return 'added';
  } catch (error) {
    if (lostConcurrencyRace(error)) return 'stale';
    const [refused] = refusalsOf(items, error, 'first');
    if (refused === undefined) throw error;
    return refused;
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
    const { Attributes } = await retryingLostRaces(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.membership(workspaceId, userId),
          UpdateExpression: 'SET #role = :role',
          ConditionExpression: NOT_OWNER,
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role, ':owner': 'owner' },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return toMembership(Attributes ?? {});
  } catch (error) {
    return ownerGuardRefusal(error);
  }
}

/** Marks the "you were added" notice seen; false when the membership is gone. */
export async function markNoticeSeen(workspaceId: string, userId: string): Promise<boolean> {
  try {
    await retryingLostRaces(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.membership(workspaceId, userId),
          UpdateExpression: 'SET noticeSeen = :seen',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':seen': true },
        }),
      ),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error) === 'missing') return false;
    throw error;
  }
}

/**
 * Deletes a membership, never the owner's. Like the role and notice updates above, it is sent again when it
 * only lost a race: the membership is checked inside every create transaction of its member.
 */
export async function removeMembership(workspaceId: string, userId: string): Promise<'removed' | 'missing' | 'owner'> {
  try {
    await retryingLostRaces(() =>
      documentClient.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.membership(workspaceId, userId),
          ConditionExpression: NOT_OWNER,
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':owner': 'owner' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return 'removed';
  } catch (error) {
    return ownerGuardRefusal(error);
  }
}
