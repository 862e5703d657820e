import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { keys, type ItemKey } from './keys.js';
import { conditionFailure } from './table-operations.js';

/**
 * Counts uses within a time window on one item (abuse limits): a single conditional `ADD` both checks and
 * counts, so parallel requests cannot slip past the limit. The item expires through the table's TTL.
 *
 * @returns false when the window already holds `limit` uses (nothing is counted then).
 */
async function takeQuota(key: ItemKey, entity: string, limit: number, expiresAt: number): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one SET entity = :entity, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':entity': entity, ':expiresAt': expiresAt },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error) !== undefined) return false;
    throw error;
  }
}

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Invitation mails per workspace and clock hour; kept an hour past its window. */
export function takeInvitationQuota(workspaceId: string, limit: number, now: Date): Promise<boolean> {
  const windowStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const key = keys.invitationCounter(workspaceId, new Date(windowStart).toISOString());
  return takeQuota(key, 'InvitationCounter', limit, Math.floor((windowStart + 2 * HOUR_MS) / 1000));
}

/** Assistant messages per user and clock minute; answers the seconds until the next window when refused. */
export async function takeChatQuota(userId: string, limit: number, now: Date): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const windowStart = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const key = keys.chatCounter(userId, new Date(windowStart).toISOString());
  if (await takeQuota(key, 'ChatCounter', limit, Math.floor((windowStart + 2 * MINUTE_MS) / 1000))) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + MINUTE_MS - now.getTime()) / 1000)) };
}
