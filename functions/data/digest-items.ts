import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { DIGEST_ITEM_PREFIX, keys, userPartition, type ItemKey } from './keys.js';
import { batchDeleteKeys } from './table-operations.js';

/**
 * Mentions and assignments waiting for a user's daily digest (issue 37): one item per stream record, in the
 * user's partition, holding the mail's lines as written when it happened. Kept 3 days: a digest that could
 * not go out (e-mail switched off meanwhile) does not keep them.
 */
const KEPT_SECONDS = 3 * 24 * 60 * 60;
const DIGEST_ITEM_ENTITY = 'DigestItem';

const storedItem = z.object({ PK: z.string(), SK: z.string(), at: z.string(), lines: z.array(z.string()) });

export interface DigestItem {
  readonly key: ItemKey;
  readonly at: string;
  readonly lines: readonly string[];
}

/** Queues a record's lines for the user; the same record queued again (a redelivered batch) replaces itself. */
export async function queueDigestItem(userId: string, recordId: string, at: string, lines: readonly string[]): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.digestItem(userId, recordId), entity: DIGEST_ITEM_ENTITY, at, lines: [...lines], expiresAt: epochSeconds(at) + KEPT_SECONDS },
    }),
  );
}

/** The user's waiting items, oldest first (strongly consistent: the digest takes what was queued before it). */
export async function digestItemsOf(userId: string): Promise<DigestItem[]> {
  const items: DigestItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :user AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':user': userPartition(userId), ':prefix': DIGEST_ITEM_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const parsed = storedItem.safeParse(item);
      if (parsed.success) items.push({ key: { PK: parsed.data.PK, SK: parsed.data.SK }, at: parsed.data.at, lines: parsed.data.lines });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.sort((a, b) => a.at.localeCompare(b.at));
}

/** Removes the items a sent digest carried (those queued since wait for the next one). */
export function removeDigestItems(items: readonly DigestItem[]): Promise<void> {
  return batchDeleteKeys(items.map((item) => item.key));
}
