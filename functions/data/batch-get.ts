import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';

const BATCH_GET_LIMIT = 100;
const MAX_BATCH_ATTEMPTS = 6;

/** Reads many items in ceil(n / 100) BatchGets, retrying with backoff what DynamoDB leaves unprocessed. */
export async function batchGetItems(keys: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending = keys.slice(start, start + BATCH_GET_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error('DynamoDB left reads unprocessed');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result = await documentClient.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [...pending] } } }));
      items.push(...(result.Responses?.[tableName] ?? []));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return items;
}
