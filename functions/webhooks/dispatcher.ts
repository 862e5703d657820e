import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { decodeChange } from '../data/stream-changes.js';
import { listWebhooksOf } from '../data/webhooks.js';
import { existingWorkspaceIds } from '../data/workspace.js';
import { logger } from '../lib/logger.js';
import { attemptDelivery, messageIdOf, webhookMessage, type WebhookMessage } from './delivery.js';
import { webhookEventsOf, type WebhookEvent } from './events.js';

/**
 * Table stream → webhooks (a stream consumer of its own, shared/routes.ts): the batch's task, project and
 * membership changes as events, each sent at once to every enabled endpoint of its workspace that wants it.
 * A failed send is stored with its next attempt time for the retry sweep (schedule/webhook-retries.ts), so
 * this consumer never fails a batch for a receiver's sake: the stream would send the others it reached again.
 *
 * Chosen over an SQS queue to fit the time given: the same sending code serves the first attempt, the retries
 * and the test event, and the local stack runs it unchanged (its stream poller and scheduler).
 */
export async function dispatchWebhookEvents(events: readonly { event: WebhookEvent; message: WebhookMessage }[]): Promise<void> {
  // A workspace being deleted lost its workspace item first (data/workspace-deletion.ts): the members,
  // projects and tasks it sweeps after that are no events (member.left …), though its endpoints are still there.
  const existing = await existingWorkspaceIds(events.map(({ event }) => event.workspaceId), { consistent: true });
  const workspaces = [...existing];
  const endpoints = new Map(await Promise.all(workspaces.map(async (workspaceId) => [workspaceId, await listWebhooksOf(workspaceId)] as const)));
  const firstAttemptAt = new Date();
  const sends = events.flatMap(({ event, message }) =>
    (endpoints.get(event.workspaceId) ?? [])
      .filter((webhook) => webhook.enabled && webhook.events.includes(event.type))
      .map((webhook) => attemptDelivery(webhook, message, { attempt: 1, firstAttemptAt, retry: true })),
  );
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') logger.error('Webhook delivery could not be recorded', { error: result.reason as Error });
  }
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
