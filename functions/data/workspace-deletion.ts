import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { deleteWorkspaceSubscriptions } from './connection.js';
import { membershipUserIdFromKeys } from './membership.js';
import { batchDeleteKeys, queryAllItems } from './table-operations.js';
import { workspaceKey } from './workspace.js';

/** The keys of a workspace partition's items: other members' memberships, then the rest, the owner's last. */
export function deletionOrder(items: readonly Record<string, unknown>[]): { PK: unknown; SK: unknown }[] {
  const rank = (item: Record<string, unknown>): number => {
    if (membershipUserIdFromKeys({ PK: String(item.PK), SK: String(item.SK) }) === undefined) return 1;
    return item.role === 'owner' ? 2 : 0;
  };
  return [...items].sort((a, b) => rank(a) - rank(b)).map((item) => ({ PK: item.PK, SK: item.SK }));
}

/**
 * Deletes a workspace and everything in its partition: memberships (with their GSI1 entries), projects
 * and what they hold, invitations, counters; then the realtime subscriptions pointing at it.
 *
 * The workspace item goes first and the other members' memberships next, so listings and their membership
 * checks fail before the projects are swept: nothing is readable through the API while the rest goes. The
 * owner's membership goes last: if the call is cut off (a very large workspace against the request time
 * limit), the owner can still repeat it, and the repeat finishes the deletion.
 */
export async function deleteWorkspaceWithData(workspaceId: string): Promise<void> {
  const workspace = workspaceKey(workspaceId);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: workspace }));
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': workspace.PK },
    ProjectionExpression: 'PK, SK, #role',
    ExpressionAttributeNames: { '#role': 'role' },
  });
  await batchDeleteKeys(deletionOrder(items));
  await deleteWorkspaceSubscriptions(workspaceId);
}
