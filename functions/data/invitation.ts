import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { INVITATION_LIFETIME_DAYS, invitableRoles, type InvitableRole } from '../../shared/schemas/member.js';
import { documentClient, tableName } from './client.js';
import { emailLookup, indexes, keys, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { addMembership, type AddMembershipOutcome, type Membership } from './membership.js';
import { batchDeleteKeys, conditionFailure, queryAllItems, queryIndexByPrefix, transactWriteOrRefusal, writtenUnlessRefused, type TransactItems } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * A pending invitation: in the workspace's partition (INVITE#<email>), so deleting the workspace deletes
 * it; and on the emailLookup index under the address, so the invitee's first listing finds it.
 */
export interface Invitation {
  workspaceId: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  createdAt: string;
  /**
   * Epoch seconds after which it is void: the table's TTL attribute, so DynamoDB deletes it some time
   * later; until then every read treats it as gone.
   */
  expiresAt: number;
}

const INVITATION_LIFETIME_SECONDS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60;

/** The expiry of an invitation made at `createdAt` (an ISO time). */
export function invitationExpiry(createdAt: string): number {
  return epochSeconds(createdAt) + INVITATION_LIFETIME_SECONDS;
}

function isLive(invitation: Invitation, now: Date): boolean {
  return invitation.expiresAt * 1000 > now.getTime();
}

const INVITATION_ENTITY = 'Invitation';

const storedInvitation = z.pipe(
  z.object({
    entity: z.literal(INVITATION_ENTITY),
    workspaceId: z.string(),
    email: z.string(),
    role: z.enum(invitableRoles),
    invitedBy: z.string(),
    createdAt: z.string(),
    // Invitations stored before they expired last as long as new ones, from when they were made.
    expiresAt: z.optional(z.number()),
  }),
  z.transform(({ entity: _entity, expiresAt, ...invitation }): Invitation => ({
    ...invitation,
    expiresAt: expiresAt ?? invitationExpiry(invitation.createdAt),
  })),
);

function toInvitation(item: Record<string, unknown>): Invitation {
  return storedInvitation.parse(item);
}

function invitationItem(invitation: Invitation): Record<string, unknown> {
  return {
    ...keys.invitation(invitation.workspaceId, invitation.email),
    [indexes.emailLookup.partitionKey]: emailLookup.partition(invitation.email),
    [indexes.emailLookup.sortKey]: emailLookup.invitationSortKey(invitation.workspaceId),
    entity: INVITATION_ENTITY,
    ...invitation,
  };
}

/** A transaction's condition that the invitation's sender may still invite: an owner or admin of its workspace. */
function senderManages(invitation: Invitation): TransactItems[number] {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.membership(invitation.workspaceId, invitation.invitedBy),
      ConditionExpression: '#role IN (:owner, :admin)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':owner': 'owner', ':admin': 'admin' },
    },
  };
}

/** A write's condition that the stored invitation is this one (sent by the same person at the same moment). */
function isStored(invitation: Invitation) {
  return {
    ConditionExpression: 'createdAt = :createdAt AND invitedBy = :invitedBy',
    ExpressionAttributeValues: { ':createdAt': invitation.createdAt, ':invitedBy': invitation.invitedBy },
  };
}

/** Another invitation of the same address stored between the read and the write: read and try again. */
const STORE_ATTEMPTS = 3;

/**
 * Stores the invitation while its sender is still an owner or admin of the workspace, checked in the same
 * write: one sent at the moment its sender is demoted or removed is either refused or stored before the
 * change, where the sweep of their invitations that follows it finds it. Inviting the same address again
 * replaces it (new role, new date); answers the one it replaced (the write is conditioned on it), so a
 * caller that must take the write back can put that one back.
 */
export async function storeInvitation(invitation: Invitation): Promise<{ replaced: Invitation | undefined } | 'sender-not-managing'> {
  const key = keys.invitation(invitation.workspaceId, invitation.email);
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    const replaced = Item ? toInvitation(Item) : undefined;
    const refused = await transactWriteOrRefusal([
      { write: senderManages(invitation), refused: 'sender-not-managing' },
      // Another write of the address came between the read and this one: read it again.
      { write: { Put: { TableName: tableName, Item: invitationItem(invitation), ...(replaced ? isStored(replaced) : { ConditionExpression: 'attribute_not_exists(PK)' }) } }, refused: 'replaced-changed' },
    ]);
    if (refused === undefined) return { replaced };
    if (refused === 'sender-not-managing') return refused;
    if (attempt >= STORE_ATTEMPTS) throw new Error(`The invitation of ${invitation.workspaceId} was changed by others ${STORE_ATTEMPTS} times while it was stored`);
  }
}

/**
 * Takes back an invitation stored a moment ago whose mail could not be sent, only while it is still the
 * stored one (a newer invitation of the address stays): the one it replaced goes back if its sender may still
 * invite (one demoted meanwhile had theirs swept, and it must not return), else it is simply deleted.
 */
export async function takeBackInvitation(ours: Invitation, replaced: Invitation | undefined): Promise<void> {
  if (replaced) {
    // Ours no longer stored (a newer one replaced it) comes first: then there is nothing to take back.
    const refused = await transactWriteOrRefusal([
      { write: { Put: { TableName: tableName, Item: invitationItem(replaced), ...isStored(ours) } }, refused: 'ours-replaced' },
      { write: senderManages(replaced), refused: 'sender-not-managing' },
    ]);
    if (refused !== 'sender-not-managing') return;
  }
  await writtenUnlessRefused(() => documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.invitation(ours.workspaceId, ours.email), ...isStored(ours) })));
}

/** Every invitation stored in the workspace, expired or not. */
async function storedInvitationsOf(workspaceId: string, consistent = false): Promise<Invitation[]> {
  const items = await queryAllItems({
    ConsistentRead: consistent,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :invite)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':invite': workspaceSortKeyPrefixes.invitation },
  });
  return items.map(toInvitation);
}

/** The workspace's pending invitations: the expired ones the TTL has not swept yet are left out. */
export async function listInvitationsOf(workspaceId: string, now = new Date()): Promise<Invitation[]> {
  return (await storedInvitationsOf(workspaceId)).filter((invitation) => isLive(invitation, now));
}

/**
 * Revokes every invitation a member sent to the workspace (they were removed, left or demoted): returns how
 * many. The read is consistent, so an invitation sent a moment before is not missed.
 */
export async function deleteInvitationsSentBy(workspaceId: string, userId: string): Promise<number> {
  const sent = (await storedInvitationsOf(workspaceId, true)).filter((invitation) => invitation.invitedBy === userId);
  await batchDeleteKeys(sent.map((invitation) => keys.invitation(workspaceId, invitation.email)));
  return sent.length;
}

/** True when there was one to delete. */
export async function deleteInvitation(workspaceId: string, email: string): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.invitation(workspaceId, email),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error) === 'missing') return false;
    throw error;
  }
}

/** Pending, unexpired invitations addressed to an e-mail, across workspaces (emailLookup index, every page). */
export async function listInvitationsForEmail(email: string, now = new Date()): Promise<Invitation[]> {
  const items = await queryIndexByPrefix(indexes.emailLookup, emailLookup.partition(email), emailLookup.invitationPrefix);
  return items.map(toInvitation).filter((invitation) => isLive(invitation, now));
}

/**
 * Adds an existing account directly (Add Member, or an invitation to a known address) and, in the same
 * transaction, deletes any invitation still pending for its address in that workspace: it was stored
 * before the account could be found, and left behind it would bring the member back after a removal.
 */
export function addMembershipUsingUpInvitation(membership: Membership): Promise<AddMembershipOutcome> {
  return addMembership(membership, [
    { Delete: { TableName: tableName, Key: keys.invitation(membership.workspaceId, membership.email) } },
  ]);
}

/**
 * Turns the invitation into the membership and deletes it, in one transaction that also requires the
 * invitation to still exist (the index may lag behind a revocation). Safe to repeat: when the user is already a
 * member or the workspace is gone, only the leftover invitation is deleted.
 */
export async function acceptInvitation(invitation: Invitation, membership: Membership): Promise<AddMembershipOutcome> {
  const key = keys.invitation(invitation.workspaceId, invitation.email);
  // 'stale' includes another listing of the same user (a second tab) accepting it right now; that one
  // finishes the job.
  const outcome = await addMembership(membership, [
    { Delete: { TableName: tableName, Key: key, ConditionExpression: 'attribute_exists(PK)' } },
  ]);
  if (outcome === 'already-member' || outcome === 'no-workspace') {
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: key }));
  }
  return outcome;
}
