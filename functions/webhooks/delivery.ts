import { createHash, createHmac, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { WEBHOOK_SECRET_PREFIX, type WebhookDeliveryView } from '../../shared/schemas/webhook.js';
import { putWebhookAttempt, recordWebhookOutcome, type Webhook } from '../data/webhooks.js';
import { optionalEnv } from '../lib/config.js';
import { guardedPost, REFUSED_AT_CONNECT } from './guarded-post.js';
import { mailWebhookTurnedOff } from './turned-off-notice.js';
import { LOCAL_HOSTS, resolvedUrlRefusal, type UrlRuleOptions } from './url-rules.js';

/**
 * Sending one webhook message to one endpoint (Standard Webhooks): signed, to an address checked again now,
 * without following redirects, within 10 s; each attempt logged; a failed one retried with backoff for up to
 * 24 h (the queue's consumer, webhooks/sender.ts, makes the message visible again at `nextAttemptAt`), and an
 * endpoint failing for 3 days turned off (its workspace's owners and admins mailed).
 */

/** The local stack sets this (local/stack.ts): receivers on localhost are allowed there, over http too. */
export const urlRuleOptions = (): UrlRuleOptions => ({ allowLocalHttp: optionalEnv('WEBHOOKS_ALLOW_LOCAL_HTTP') === 'true' });

export const resolveAll = async (hostname: string): Promise<string[]> => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export const SEND_TIMEOUT_MS = 10_000;
export const MAX_BODY_BYTES = 256 * 1024;
/** After attempt n fails, the next comes RETRY_DELAYS_SECONDS[n - 1] later; after the last, the message is given up. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600] as const;
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3600 * 1000;

export interface WebhookMessage {
  /** `webhook-id`: the same on every attempt, so a receiver can drop a repeat. */
  readonly id: string;
  readonly type: string;
  readonly body: string;
}

/** The message of an event: {type, timestamp, data}, with `data` cut to its ids when the whole would pass 256 KB. */
export function webhookMessage(id: string, type: string, workspaceId: string, data: Readonly<Record<string, unknown>>, at: Date): WebhookMessage {
  const body = (content: Readonly<Record<string, unknown>>) => JSON.stringify({ type, timestamp: at.toISOString(), data: { workspaceId, ...content } });
  const whole = body(data);
  if (Buffer.byteLength(whole) <= MAX_BODY_BYTES) return { id, type, body: whole };
  const ids = Object.fromEntries(Object.entries(data).filter(([key, value]) => (key === 'id' || key.endsWith('Id')) && typeof value === 'string'));
  return { id, type, body: body({ ...ids, trimmed: true }) };
}

/** A message id made from what it reports, so a redelivered stream batch sends the same ids again. */
export const messageIdOf = (...parts: string[]) => `msg_${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's decoded bytes. */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

type Outcome = Pick<WebhookDeliveryView, 'responseStatus' | 'error'> & { ok: boolean; refused: boolean };

async function send(webhook: Webhook, message: WebhookMessage, now: Date): Promise<Outcome> {
  const refusal = await resolvedUrlRefusal(webhook.url, urlRuleOptions(), resolveAll);
  if (refusal !== null) return { ok: false, refused: true, responseStatus: null, error: refusal };
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'TaskFlow-Webhooks/1',
    'webhook-id': message.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(webhook.secret, message.id, timestamp, message.body),
  };
  const url = new URL(webhook.url);
  // Localhost receivers are allowed on the local stack only; everywhere else the connection's lookup is guarded too.
  const checkAddresses = !(urlRuleOptions().allowLocalHttp && LOCAL_HOSTS.has(url.hostname));
  const answer = await guardedPost(url, headers, message.body, { timeoutMs: SEND_TIMEOUT_MS, checkAddresses });
  if ('status' in answer) {
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, refused: false, responseStatus: answer.status, error: ok ? null : `Answered ${answer.status}` };
  }
  if (answer.error === 'refused') return { ok: false, refused: true, responseStatus: null, error: REFUSED_AT_CONNECT };
  return { ok: false, refused: false, responseStatus: null, error: answer.error === 'timeout' ? 'No answer within 10 seconds' : 'Could not connect' };
}

/** When attempt `attempt` (1-based) failed: when to try next, or null to give up. */
export function nextAttemptAfter(attempt: number, firstAttemptAt: Date, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempt - 1];
  if (delay === undefined) return null;
  const next = new Date(failedAt.getTime() + delay * 1000);
  return next.getTime() - firstAttemptAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}

/**
 * One attempt: sent and logged; on failure (unless `retry` is false, as for a test event, or the address is
 * refused) with the time of the next attempt, or `failed` when the attempts are spent. The endpoint's run of failures is kept, and it is turned off after 3 days of them.
 */
export async function attemptDelivery(
  webhook: Webhook,
  message: WebhookMessage,
  options: { attempt: number; firstAttemptAt: Date; retry: boolean; now?: Date },
): Promise<WebhookDeliveryView> {
  const now = options.now ?? new Date();
  const started = Date.now();
  const outcome = await send(webhook, message, now);
  const durationMs = Date.now() - started;
  const next = outcome.ok || outcome.refused || !options.retry ? null : nextAttemptAfter(options.attempt, options.firstAttemptAt, now);
  const delivery: WebhookDeliveryView = {
    id: randomUUID(),
    messageId: message.id,
    type: message.type,
    attempt: options.attempt,
    status: outcome.ok ? 'succeeded' : outcome.refused ? 'refused' : next ? 'retrying' : 'failed',
    at: now.toISOString(),
    responseStatus: outcome.responseStatus,
    durationMs,
    error: outcome.error,
    nextAttemptAt: next?.toISOString() ?? null,
  };
  await Promise.all([
    putWebhookAttempt({ ...delivery, workspaceId: webhook.workspaceId, webhookId: webhook.id }),
    recordWebhookOutcome(webhook, outcome.ok, now, DISABLE_AFTER_FAILING_MS).then((turnedOff) =>
      turnedOff && webhook.failingSince !== null ? mailWebhookTurnedOff(webhook, webhook.failingSince) : undefined,
    ),
  ]);
  return delivery;
}
