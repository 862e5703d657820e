/**
 * Waiting and trying again, one way for every loop that does (issue 34): exponential backoff with full
 * jitter, so the retries of many callers hitting the same throttle or the same item spread out instead of
 * arriving together again.
 */

/** A random wait of up to `baseMs` × 2^attempt (attempt 1 is the first retry). */
export function backoff(attempt: number, baseMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * baseMs * 2 ** attempt));
}

/**
 * Sends `items` and then, with backoff, whatever the answer says was left unprocessed (DynamoDB's batch
 * calls), until nothing is left; throws `failure` after `attempts` sends that still left some.
 */
export async function sendUntilProcessed<T>(items: readonly T[], send: (batch: readonly T[]) => Promise<readonly T[]>, failure: string, attempts = 6): Promise<void> {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt >= attempts) throw new Error(failure);
    if (attempt > 0) await backoff(attempt, 100);
    pending = await send(pending);
  }
}

/** Runs `work` again with backoff while `retryable(error)` says its failure may pass, up to `attempts` runs. */
export async function retrying<T>(work: () => Promise<T>, retryable: (error: unknown) => boolean, attempts: number, baseMs: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
      await backoff(attempt, baseMs);
    }
  }
}
