/**
 * Cursor pages of the items under one sort-key prefix of a partition, newest (highest sort key) first: a
 * task's comments, a task's history. A cursor is taken only if a page of that same prefix could have ended
 * with it, so one made for another task or partition reads nothing of theirs.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { encodeCursor } from './task-index.js';

const cursorKey = z.strictObject({ PK: z.string(), SK: z.string() });

function startKeyOf(partition: string, prefix: string, cursor: string): Record<string, string> | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const key = cursorKey.safeParse(decoded).data;
  return key && key.PK === partition && key.SK.startsWith(prefix) && /^[\x20-\x7e]+$/.test(key.SK) ? key : undefined;
}

/** One page, newest first, from `cursor` (where the last page ended); 'bad-cursor' for a cursor no page of this prefix could have made. */
export async function newestFirstPage(
  partition: string,
  prefix: string,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
  /** A projection or filter of the page's items (their names and values beside the key condition's). */
  narrowed: Pick<QueryCommandInput, 'ProjectionExpression' | 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> = {},
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null } | 'bad-cursor'> {
  const startKey = cursor === undefined ? undefined : startKeyOf(partition, prefix, cursor);
  if (cursor !== undefined && !startKey) return 'bad-cursor';
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      ...narrowed,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ...narrowed.ExpressionAttributeValues, ':pk': partition, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return { items: page.Items ?? [], nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null };
}
