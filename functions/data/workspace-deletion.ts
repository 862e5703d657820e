import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { deleteActivityOf } from './activity.js';
import { deleteGoogleConnection } from './google-calendar/partition.js';
import { documentClient, tableName } from './client.js';
import { deleteWorkspaceSubscriptions } from './connection.js';
import { deleteAssistantHistory } from './assistant-history.js';
import { keys, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { removeAutoPlanEntry } from './plan-runs.js';
import { deleteSearchIndexOf } from './search-index.js';
import { deleteTaskHistoryOf } from './task-history.js';
import { deleteAttachmentsOf } from './attachments.js';
import { deleteCommentsOf } from './comments.js';
import { deleteTrashOf } from './trash.js';
import { deleteProjectTree, listProjectIds } from './projects.js';
import { batchDeleteKeys, queryAllItems } from './table-operations.js';

type Key = { PK: unknown; SK: unknown };

/** A workspace partition's items in the order they are deleted: other members, the rest, the owner. */
export function deletionPhases(items: readonly Record<string, unknown>[]): { otherMembers: Key[]; rest: Key[]; owner: Key[] } {
  const phases = { otherMembers: [] as Key[], rest: [] as Key[], owner: [] as Key[] };
  for (const item of items) {
    const key = { PK: item.PK, SK: item.SK };
    if (!String(item.SK).startsWith(workspaceSortKeyPrefixes.member)) phases.rest.push(key);
    else (item.role === 'owner' ? phases.owner : phases.otherMembers).push(key);
  }
  return phases;
}

/**
 * Deletes a workspace and everything it holds: the members' Google Calendar connections and assistant
 * conversations in it, memberships (with their index entries), what each project holds (its own
 * partition), projects, invitations, counters, the realtime subscriptions to it, its activity feed, its
 * tasks' history and comments, its search index and its registry entry, and last the owner's membership.
 *
 * The workspace item goes first and the other members' memberships next, so listings and their membership
 * checks fail before the projects are swept: nothing is readable through the API while the rest goes.
 * Each project goes as a single project deletion does (marked first, so no child can be written under it
 * any more, then what it holds, then the project): the owner's membership is still there, so a write of
 * theirs meanwhile (another tab, the assistant, the weekly plan) would otherwise pass its checks and leave
 * a task nobody can reach. The owner's membership goes last: if the call is cut off (a very large
 * workspace against the request time limit), the owner can still repeat it, and the repeat finishes it.
 */
export async function deleteWorkspaceWithData(workspaceId: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.workspace(workspaceId) }));
  // Consistent, like the project sweeps: an item written just before the workspace went (a membership, an
  // invitation) would otherwise be missed and outlive it.
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId) },
    ProjectionExpression: 'PK, SK, #role, userId',
    ExpressionAttributeNames: { '#role': 'role' },
  });
  const memberIds = items.flatMap((item) => (String(item.SK).startsWith(workspaceSortKeyPrefixes.member) ? [String(item.userId)] : []));
  const { otherMembers, rest, owner } = deletionPhases(items);
  // What each member keeps here goes while the memberships still say who they are: a deletion cut off
  // later, and repeated, no longer knows the others. (The domain revoked the Google grants already.)
  await Promise.all(memberIds.map((userId) => Promise.all([deleteGoogleConnection(workspaceId, userId), deleteAssistantHistory(workspaceId, userId)])));
  await batchDeleteKeys(otherMembers);
  for (const projectId of await listProjectIds(workspaceId)) await deleteProjectTree(workspaceId, projectId);
  await batchDeleteKeys(rest);
  await deleteWorkspaceSubscriptions(workspaceId);
  await removeAutoPlanEntry(workspaceId);
  await deleteActivityOf(workspaceId);
  await deleteTaskHistoryOf(workspaceId);
  await deleteCommentsOf(workspaceId);
  await deleteTrashOf(workspaceId);
  await deleteAttachmentsOf(workspaceId);
  await deleteSearchIndexOf(workspaceId);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.workspaceRegistryEntry(workspaceId) }));
  await batchDeleteKeys(owner);
}
