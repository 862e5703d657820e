import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { getWebhook } from '../data/webhooks.js';
import { existingWorkspaceIds } from '../data/workspace.js';
import { logger } from '../lib/logger.js';
import { attemptDelivery } from './delivery.js';
import { queuedDelivery, retryAfter } from './queue.js';

/**
 * The webhook queue's consumer: each message is one attempt at one endpoint, as the endpoint is now (its
 * current URL, checked again, and secret). Its attempt number is the queue's receive count. A failed attempt
 * with a next one due is made visible again at that time and reported as a batch item failure; one whose
 * attempts are spent is done: its last attempt is logged `failed` (given up) in the endpoint's delivery log,
 * which its owners see, and it is no operator's page; an endpoint deleted or turned off meanwhile, or one of a
 * workspace being deleted, is sent nothing. A message this code could not handle (the table failing) comes back after the queue's visibility
 * timeout, and after the redrive policy's receives to the dead-letter queue too.
 */
export async function sendQueuedDelivery(record: SQSRecord, now = new Date()): Promise<'done' | 'retry'> {
  const delivery = queuedDelivery.parse(JSON.parse(record.body));
  // A workspace being deleted loses its item first and its endpoints after: retries queued before are dropped.
  const [webhook, workspaces] = await Promise.all([
    getWebhook(delivery.workspaceId, delivery.webhookId),
    existingWorkspaceIds([delivery.workspaceId], { consistent: true }),
  ]);
  if (!webhook?.enabled || !workspaces.has(delivery.workspaceId)) return 'done';
  const attempt = Number(record.attributes.ApproximateReceiveCount);
  const result = await attemptDelivery(
    webhook,
    { id: delivery.messageId, type: delivery.type, body: delivery.body },
    { attempt, firstAttemptAt: new Date(delivery.firstAttemptAt), retry: true, now },
  );
  if (result.status === 'retrying' && result.nextAttemptAt) {
    await retryAfter(record.receiptHandle, (Date.parse(result.nextAttemptAt) - now.getTime()) / 1000);
    return 'retry';
  }
  return 'done';
}

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function sendWebhooks(event) {
    const outcomes = await Promise.allSettled(event.Records.map((record) => sendQueuedDelivery(record)));
    const batchItemFailures = event.Records.flatMap((record, index) => {
      const outcome = outcomes[index];
      if (outcome?.status === 'fulfilled' && outcome.value === 'done') return [];
      if (outcome?.status === 'rejected') logger.error('Webhook delivery failed to run', { error: outcome.reason as Error, messageId: record.messageId });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  });
