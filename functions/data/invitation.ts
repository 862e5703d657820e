import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { InvitableRole } from '../../shared/schemas/member.js';
import { documentClient, tableName } from './client.js';
import { addMembership, type AddMembershipOutcome, type Membership } from './membership.js';
import { emailIndexKey } from './profile.js';
import { conditionFailure, queryAllItems } from './table-operations.js';

/**
 * A pending invitation: PK WS#<workspace> / SK INVITE#<email>, so deleting the workspace deletes it; and on
 * GSI2 under the address (EMAIL#<email> / INVITE#<workspace>), so the invitee's first listing finds it.
 */
export interface Invitation {
  workspaceId: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  createdAt: string;
}

const INVITE_PREFIX = 'INVITE#';

function invitationKey(workspaceId: string, email: string): { PK: string; SK: string } {
  return { PK: `WS#${workspaceId}`, SK: `${INVITE_PREFIX}${email}` };
}

function toInvitation(item: Record<string, unknown>): Invitation {
  return {
    workspaceId: String(item.workspaceId),
    email: String(item.email),
    role: item.role === 'admin' ? 'admin' : 'member',
    invitedBy: String(item.invitedBy),
    createdAt: String(item.createdAt),
  };
}

/** Stores the invitation; inviting the same address again replaces it (new role, new date). */
export async function putInvitation(invitation: Invitation): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...invitationKey(invitation.workspaceId, invitation.email),
        GSI2PK: emailIndexKey(invitation.email),
        GSI2SK: `${INVITE_PREFIX}${invitation.workspaceId}`,
        entity: 'Invitation',
        ...invitation,
      },
    }),
  );
}

export async function listInvitationsOf(workspaceId: string): Promise<Invitation[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :invite)',
    ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':invite': INVITE_PREFIX },
  });
  return items.map(toInvitation);
}

/** True when there was one to delete. */
export async function deleteInvitation(workspaceId: string, email: string): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: invitationKey(workspaceId, email),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error) === 'missing') return false;
    throw error;
  }
}

/** Pending invitations addressed to an e-mail, across workspaces (GSI2, every page). */
export async function listInvitationsForEmail(email: string): Promise<Invitation[]> {
  const items = await queryAllItems({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :email AND begins_with(GSI2SK, :invite)',
    ExpressionAttributeValues: { ':email': emailIndexKey(email), ':invite': INVITE_PREFIX },
  });
  return items.map(toInvitation);
}

/**
 * Adds an existing account directly (Add Member, or an invitation to a known address) and, in the same
 * transaction, deletes any invitation still pending for its address in that workspace: it was stored
 * before the account could be found, and left behind it would bring the member back after a removal.
 */
export function addMembershipUsingUpInvitation(membership: Membership): Promise<AddMembershipOutcome> {
  return addMembership(membership, [
    { Delete: { TableName: tableName, Key: invitationKey(membership.workspaceId, membership.email) } },
  ]);
}

/**
 * Turns the invitation into the membership and deletes it, in one transaction that also requires the
 * invitation to still exist (GSI2 may lag behind a revocation). Safe to repeat: when the user is already a
 * member or the workspace is gone, only the leftover invitation is deleted.
 */
export async function acceptInvitation(invitation: Invitation, membership: Membership): Promise<AddMembershipOutcome> {
  const key = invitationKey(invitation.workspaceId, invitation.email);
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
