import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { conditionFailure } from './table-operations.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts invitation mails per workspace and clock hour (an item per workspace and hour). One
 * atomic UpdateItem both checks and counts, so parallel requests cannot slip past the limit. The item
 * expires through the table's TTL an hour after its window.
 *
 * @returns false when the window already holds `limit` sends (nothing is counted then).
 */
export async function takeInvitationQuota(workspaceId: string, limit: number, now: Date): Promise<boolean> {
  const windowStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.invitationCounter(workspaceId, new Date(windowStart).toISOString()),
        UpdateExpression: 'ADD #count :one SET entity = :entity, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':entity': 'InvitationCounter',
          ':expiresAt': Math.floor((windowStart + 2 * HOUR_MS) / 1000),
        },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error) !== undefined) return false;
    throw error;
  }
}
