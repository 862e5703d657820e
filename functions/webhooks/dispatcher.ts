import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { decodeChange } from '../data/stream-changes.js';
import { listWebhooksOf } from '../data/webhooks.js';
import { existingWorkspaceIds } from '../data/workspace.js';
import { logger } from '../lib/logger.js';
import { messageIdOf, webhookMessage, type WebhookMessage } from './delivery.js';
import { enqueueDeliveries } from './queue.js';
import { webhookEventsOf, type WebhookEvent } from './events.js';

/**
 * Table stream → webhooks (a stream consumer of its own, shared/routes.ts): the batch's task, project and
 * membership changes as events, one queue message per event and enabled endpoint of its workspace that
 * wants it (webhooks/queue.ts). The sender (webhooks/sender.ts) sends them from the queue, so a slow
 * receiver holds up no stream batch; a message the queue refuses fails the batch, which is read again with
 * the same message ids.
 */
export async function dispatchWebhookEvents(events: readonly { event: WebhookEvent; message: WebhookMessage }[]): Promise<void> {
  // A workspace being deleted lost its workspace item first (data/workspace-deletion.ts): the members,
  // projects and tasks it sweeps after that are no events (member.left …), though its endpoints are still there.
  const existing = await existingWorkspaceIds(events.map(({ event }) => event.workspaceId), { consistent: true });
  const endpoints = new Map(await Promise.all([...existing].map(async (workspaceId) => [workspaceId, await listWebhooksOf(workspaceId)] as const)));
  const firstAttemptAt = new Date().toISOString();
  const deliveries = events.flatMap(({ event, message }) =>
    (endpoints.get(event.workspaceId) ?? [])
      .filter((webhook) => webhook.enabled && webhook.events.includes(event.type))
      .map((webhook) => ({ workspaceId: webhook.workspaceId, webhookId: webhook.id, messageId: message.id, type: message.type, body: message.body, firstAttemptAt })),
  );
  if (deliveries.length > 0) await enqueueDeliveries(deliveries);
}

export const handler = middy<DynamoDBStreamEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function dispatch(event) {
    const now = new Date();
    const events = event.Records.flatMap((record) => {
      const change = decodeChange(record);
      const recordId = record.eventID ?? record.dynamodb?.SequenceNumber ?? '';
      return (change ? webhookEventsOf(change) : []).map((webhookEvent) => ({
        event: webhookEvent,
        message: webhookMessage(messageIdOf(recordId, webhookEvent.type), webhookEvent.type, webhookEvent.workspaceId, webhookEvent.data, now),
      }));
    });
    if (events.length > 0) await dispatchWebhookEvents(events);
  });
