import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { deleteWorkspaceSubscriptions } from './connection.js';
import { membershipUserIdFromKeys } from './membership.js';
import { batchDeleteKeys, queryAllItems } from './table-operations.js';
import { workspaceKey } from './workspace.js';

/**
 * Deletes a workspace and everything in its partition: memberships (with their GSI1 entries), projects
 * and what they hold, invitations, counters; then the realtime subscriptions pointing at it.
 *
 * The workspace item goes first and the memberships next, so listings and every membership check fail
 * before the projects are swept: nothing is readable through the API while the rest goes. Repeating the
 * call finishes an interrupted deletion.
 */
export async function deleteWorkspaceWithData(workspaceId: string): Promise<void> {
  const workspace = workspaceKey(workspaceId);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: workspace }));
  const keys = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': workspace.PK },
    ProjectionExpression: 'PK, SK',
  });
  const isMembership = (key: Record<string, unknown>): boolean =>
    membershipUserIdFromKeys({ PK: String(key.PK), SK: String(key.SK) }) !== undefined;
  await batchDeleteKeys([...keys.filter(isMembership), ...keys.filter((key) => !isMembership(key))]);
  await deleteWorkspaceSubscriptions(workspaceId);
}
