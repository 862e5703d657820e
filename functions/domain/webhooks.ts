import { randomBytes, randomUUID } from 'node:crypto';
import {
  TEST_EVENT_TURNED_OFF,
  TOO_MANY_WEBHOOKS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDeliveryView,
  type WebhookView,
} from '../../shared/schemas/webhook.js';
import { createWebhook, deleteWebhook, getWebhook, latestWebhookAttempts, listWebhooksOf, replaceWebhook, type Webhook } from '../data/webhooks.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import { attemptDelivery, messageIdOf, resolveAll, urlRuleOptions, webhookMessage } from '../webhooks/delivery.js';
import { resolvedUrlRefusal } from '../webhooks/url-rules.js';
import { MANAGING_ROLES, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';

/**
 * Managing a workspace's webhook endpoints (issue 38), for its owners and admins only (members 403,
 * outsiders 404). Sending to them is functions/webhooks/.
 */

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
const SECRET_BYTES = 24;
const DELIVERIES_SHOWN = 50;

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** 400 on `url` when it may not be sent to (its host resolved now, as it will be at each send). */
async function requireSendableUrl(url: string): Promise<void> {
  const refusal = await resolvedUrlRefusal(url, urlRuleOptions(), resolveAll);
  if (refusal !== null) throw new BadRequestError(refusal, [{ field: 'url', message: refusal }]);
}

async function managedWebhook(caller: Caller, workspaceId: string, webhookId: string): Promise<Webhook> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const webhook = await getWebhook(workspaceId, webhookId);
  if (!webhook) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return webhook;
}

export async function listWebhooksFor(caller: Caller, workspaceId: string): Promise<WebhookView[]> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  return (await listWebhooksOf(workspaceId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** At most 10 per workspace, counted in the write itself (data/webhooks.ts), so creates at the same moment cannot pass it. */
export async function createWebhookFor(caller: Caller, workspaceId: string, input: CreateWebhookInput): Promise<WebhookView> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  await requireSendableUrl(input.url);
  const now = new Date().toISOString();
  const webhook: Webhook = {
    id: randomUUID(),
    workspaceId,
    url: input.url,
    events: input.events,
    description: input.description,
    secret: newSecret(),
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await createWebhook(webhook);
  if (outcome === 'full') throw new BadRequestError(TOO_MANY_WEBHOOKS, [{ field: 'url', message: TOO_MANY_WEBHOOKS }]);
  if (outcome === 'no-workspace') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  return webhook;
}

async function replaced(webhook: Webhook): Promise<WebhookView> {
  const updated = { ...webhook, updatedAt: new Date().toISOString() };
  if (!(await replaceWebhook(updated))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return updated;
}

/** Turning an endpoint back on starts its run of failures afresh. */
export async function updateWebhookFor(caller: Caller, workspaceId: string, webhookId: string, input: UpdateWebhookInput): Promise<WebhookView> {
  const webhook = await managedWebhook(caller, workspaceId, webhookId);
  if (input.url !== undefined) await requireSendableUrl(input.url);
  const enabled = input.enabled ?? webhook.enabled;
  const turnedOn = enabled && !webhook.enabled;
  return replaced({
    ...webhook,
    url: input.url ?? webhook.url,
    events: input.events ?? webhook.events,
    description: input.description ?? webhook.description,
    enabled,
    disabledReason: enabled ? null : webhook.disabledReason,
    failingSince: turnedOn ? null : webhook.failingSince,
  });
}

/** A new secret: deliveries are signed with it from now on (retries too). */
export async function rotateWebhookSecretFor(caller: Caller, workspaceId: string, webhookId: string): Promise<WebhookView> {
  return replaced({ ...(await managedWebhook(caller, workspaceId, webhookId)), secret: newSecret() });
}

export async function deleteWebhookFor(caller: Caller, workspaceId: string, webhookId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  if (!(await deleteWebhook(workspaceId, webhookId))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
}

/** Sends a `webhook.test` event now, once, and answers how it went; a turned-off endpoint is sent nothing (400 on `enabled`). */
export async function sendTestEventFor(caller: Caller, workspaceId: string, webhookId: string): Promise<WebhookDeliveryView> {
  const webhook = await managedWebhook(caller, workspaceId, webhookId);
  if (!webhook.enabled) throw new BadRequestError(TEST_EVENT_TURNED_OFF, [{ field: 'enabled', message: TEST_EVENT_TURNED_OFF }]);
  const now = new Date();
  const message = webhookMessage(messageIdOf(WEBHOOK_TEST_EVENT, webhook.id, randomUUID()), WEBHOOK_TEST_EVENT, workspaceId, { webhookId: webhook.id, sentBy: caller.userId }, now);
  return attemptDelivery(webhook, message, { attempt: 1, firstAttemptAt: now, retry: false, now });
}

export async function listWebhookDeliveriesFor(caller: Caller, workspaceId: string, webhookId: string): Promise<WebhookDeliveryView[]> {
  await managedWebhook(caller, workspaceId, webhookId);
  return latestWebhookAttempts(workspaceId, webhookId, DELIVERIES_SHOWN);
}
