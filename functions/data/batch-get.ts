import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { sendUntilProcessed } from '../lib/retry.js';
import { documentClient, tableName } from './client.js';

const BATCH_GET_LIMIT = 100;

/**
 * Reads many items in ceil(n / 100) BatchGets, retrying with backoff what DynamoDB leaves unprocessed;
 * `consistent`: strongly consistent reads (a write just before is seen).
 */
export async function batchGetItems(keys: readonly Record<string, unknown>[], { consistent = false }: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    await sendUntilProcessed(
      keys.slice(start, start + BATCH_GET_LIMIT),
      async (batch) => {
        const result = await documentClient.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [...batch], ...(consistent ? { ConsistentRead: true } : {}) } } }));
        items.push(...(result.Responses?.[tableName] ?? []));
        return result.UnprocessedKeys?.[tableName]?.Keys ?? [];
      },
      'DynamoDB left reads unprocessed',
    );
  }
  return items;
}
