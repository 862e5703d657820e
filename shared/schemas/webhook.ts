import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { resourceId, workspaceIdParams } from './ids.js';

/**
 * Webhooks (issue 38): endpoints a workspace's owners and admins register for the events they want; each
 * delivery is signed with the endpoint's secret per Standard Webhooks.
 */
export const webhookEventTypes = [
  'task.created',
  'task.updated',
  'task.completed',
  'task.deleted',
  'comment.created',
  'project.created',
  'project.updated',
  'project.deleted',
  'member.joined',
  'member.left',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "Send test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const MAX_WEBHOOKS_PER_WORKSPACE = 10;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
export const TOO_MANY_WEBHOOKS = `A workspace can have at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks; delete one first`;
/** Send test event on a turned-off endpoint: refused (400 on `enabled`), nothing sent. */
export const TEST_EVENT_TURNED_OFF = 'This webhook is turned off; turn it on before sending a test event';

const webhookUrl = z.string({ error: 'URL is required' }).check(z.trim(), z.minLength(1, { error: 'URL is required' }));
const events = z.array(z.enum(webhookEventTypes, { error: `Events must be among ${webhookEventTypes.join(', ')}` })).check(
  z.minLength(1, { error: 'Choose at least one event' }),
  z.refine((chosen) => new Set(chosen).size === chosen.length, { error: 'Each event may be chosen once' }),
);
const description = z.string({ error: 'Description must be text' }).check(
  z.trim(),
  z.maxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH, { error: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`, abort: true }),
  z.refine((text) => !containsUnprintable(text), { error: 'Description must be one line of printable text' }),
);

export const createWebhookInput = z.object({ url: webhookUrl, events, description: z._default(description, '') });
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

/** Any of the fields; `enabled: true` turns an endpoint the failures disabled back on. */
export const updateWebhookInput = z
  .object({ url: z.optional(webhookUrl), events: z.optional(events), description: z.optional(description), enabled: z.optional(z.boolean({ error: 'Enabled must be true or false' })) })
  .check(z.refine((input) => Object.values(input).some((value) => value !== undefined), { error: 'Nothing to change' }));
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

/** Owners and admins see the secret in full: they are the ones who set up the receiver. */
export const webhookView = z.object({
  id: z.string(),
  workspaceId: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string(),
  secret: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off (failing for 3 days), while it is. */
  disabledReason: z.nullable(z.string()),
  /** The first failure of the current run of failures; null after a success. */
  failingSince: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookView = z.infer<typeof webhookView>;

export const webhookDeliveryStatuses = ['succeeded', 'failed', 'retrying', 'refused'] as const;

/** One attempt to deliver one event to one endpoint, kept 7 days. */
export const webhookDeliveryView = z.object({
  id: z.string(),
  /** The `webhook-id` of the message (the same on each of its attempts). */
  messageId: z.string(),
  type: z.string(),
  attempt: z.number(),
  status: z.enum(webhookDeliveryStatuses),
  at: z.string(),
  /** The receiver's HTTP status, null when it did not answer (timeout, refused address, network error). */
  responseStatus: z.nullable(z.number()),
  durationMs: z.number(),
  error: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const webhookResponse = z.object({ webhook: webhookView });
export const listWebhooksResponse = z.object({ webhooks: z.array(webhookView) });
export const listWebhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliveryView) });
export const testWebhookResponse = z.object({ delivery: webhookDeliveryView });

export const webhookParams = z.extend(workspaceIdParams, { webhookId: resourceId() });
