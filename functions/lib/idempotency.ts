import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../data/idempotency.js';
import { BadRequestError, ConflictError } from './errors.js';
import { logger } from './logger.js';

/**
 * Creates sent with an `Idempotency-Key` header happen once: a second delivery of the same request (a retry
 * after a lost answer, a double submit) gets the first one's answer instead of a second item. The key is the
 * caller's own (scoped by user and route); reused for a different request, it is refused.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,128}$/;
/** Answers up to this size are kept for a repeat (an item holds 400 KB with its key and other fields). */
const MAX_KEPT_ANSWER_BYTES = 350 * 1024;
const DONE_ANSWER_NOT_KEPT = 'This request was already done; its answer was too large to keep, so reload to see the result';

function invalidKey(message: string): BadRequestError {
  return new BadRequestError(message, [{ field: 'Idempotency-Key', message }]);
}

export async function onceForKey<T>(event: APIGatewayProxyEventV2, userId: string, scope: string, work: () => Promise<T>): Promise<T> {
  const key = event.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return work();
  if (!KEY_FORMAT.test(key)) throw invalidKey('Idempotency-Key must be 1 to 128 visible ASCII characters');

  const requestHash = createHash('sha256').update(`${event.rawPath}\n${event.body ?? ''}`).digest('base64url');
  const earlier = await claimIdempotencyKey(userId, scope, key, requestHash);
  if (earlier) {
    if (earlier.requestHash !== requestHash) throw invalidKey('Idempotency-Key was already used for a different request');
    if (earlier.status === 'in_progress') throw new ConflictError('The same request is still being processed; try again in a moment');
    if (earlier.response === undefined) throw new ConflictError(DONE_ANSWER_NOT_KEPT);
    return JSON.parse(earlier.response) as T; // the answer this route gave for the same request
  }

  let result: T;
  try {
    result = await work();
  } catch (error) {
    await releaseIdempotencyKey(userId, scope, key).catch((releaseError: unknown) =>
      logger.error('Could not release an idempotency key; the same request is refused until its lease lapses', { error: releaseError }),
    );
    throw error;
  }
  const answer = JSON.stringify(result ?? null);
  await completeIdempotencyKey(userId, scope, key, Buffer.byteLength(answer) <= MAX_KEPT_ANSWER_BYTES ? answer : undefined);
  return result;
}
