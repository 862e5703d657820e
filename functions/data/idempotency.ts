import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * The record of one request sent with an Idempotency-Key: claimed by a conditional put before the work starts,
 * completed with the answer after it. A day later the table's TTL removes it (as Stripe's keys expire).
 */
const LIFETIME_SECONDS = 24 * 60 * 60;
/** A claim whose request died (a crashed or timed-out function) lapses after this, so the key can be retried. */
const IN_PROGRESS_LEASE_SECONDS = 60;

const storedRecord = z.object({
  requestHash: z.string(),
  status: z.enum(['in_progress', 'completed']),
  /** The answer, as JSON text, once the work is done. */
  response: z.optional(z.string()),
  expiresAt: z.number(),
});
export type IdempotencyRecord = z.infer<typeof storedRecord>;

/** Claims the key for this request; answers the record already there if another request holds it. */
export async function claimIdempotencyKey(userId: string, scope: string, key: string, requestHash: string): Promise<IdempotencyRecord | undefined> {
  const now = epochSeconds();
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.idempotency(userId, scope, key), entity: 'Idempotency', requestHash, status: 'in_progress', expiresAt: now + IN_PROGRESS_LEASE_SECONDS },
        // A record past its lifetime or lease may linger until TTL sweeps it; it no longer counts.
        ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
    return storedRecord.parse(unmarshall(error.Item));
  }
}

/**
 * Marks the request done with its answer, or without it (`undefined`) when the answer is too large to keep
 * in one item (DynamoDB's 400 KB): the request is still done once, and a repeat is told so.
 */
export async function completeIdempotencyKey(userId: string, scope: string, key: string, response: string | undefined): Promise<void> {
  const kept = response !== undefined;
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.idempotency(userId, scope, key),
      UpdateExpression: `SET #status = :completed, expiresAt = :expiresAt${kept ? ', #response = :response' : ''}`,
      ExpressionAttributeNames: { '#status': 'status', ...(kept ? { '#response': 'response' } : {}) },
      ExpressionAttributeValues: { ':completed': 'completed', ':expiresAt': epochSeconds() + LIFETIME_SECONDS, ...(kept ? { ':response': response } : {}) },
    }),
  );
}

/** A request that failed gives its key back, so sending it again does the work instead of replaying a failure. */
export async function releaseIdempotencyKey(userId: string, scope: string, key: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.idempotency(userId, scope, key) }));
}
