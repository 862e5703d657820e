import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { requiredEnv } from '../lib/config.js';

/**
 * The webhook delivery queue (SQS in AWS; locally the stand-in of local/webhook-queue.ts behind
 * AWS_ENDPOINT_URL_SQS): one message per (endpoint, event), put by the dispatcher, sent by the sender,
 * made visible again after the backoff delay when an attempt failed. The queue's redrive moves a message
 * the sender failed to run on to the dead-letter queue; one whose attempts are spent is simply done.
 */
export const queuedDelivery = z.object({
  workspaceId: z.string(),
  webhookId: z.string(),
  /** `webhook-id`: the same on every attempt. */
  messageId: z.string(),
  type: z.string(),
  body: z.string(),
  firstAttemptAt: z.string(),
});
export type QueuedDelivery = z.infer<typeof queuedDelivery>;

/** SQS takes at most 10 messages a batch, and a visibility at most 12 h from when it was received. */
const SEND_BATCH_SIZE = 10;
export const MAX_VISIBILITY_SECONDS = 12 * 3600 - 60;

// The queue URL is given in each call; the client's endpoint is the region's (or AWS_ENDPOINT_URL_SQS locally).
let sqs: SQSClient | undefined;
const client = () => (sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false, maxAttempts: 3 }));

export async function enqueueDeliveries(deliveries: readonly QueuedDelivery[]): Promise<void> {
  const queueUrl = requiredEnv('WEBHOOK_QUEUE_URL');
  for (let start = 0; start < deliveries.length; start += SEND_BATCH_SIZE) {
    const batch = deliveries.slice(start, start + SEND_BATCH_SIZE);
    const result = await client().send(
      new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((delivery, index) => ({ Id: String(index), MessageBody: JSON.stringify(delivery) })) }),
    );
    // A message not taken fails the stream batch: it is read again, with the same message ids.
    if ((result.Failed ?? []).length > 0) throw new Error(`Webhook queue refused ${result.Failed?.length ?? 0} messages: ${result.Failed?.[0]?.Message ?? ''}`);
  }
}

/** The received message comes back `seconds` from now (its next attempt). */
export async function retryAfter(receiptHandle: string, seconds: number): Promise<void> {
  const visibility = Math.max(0, Math.min(MAX_VISIBILITY_SECONDS, Math.ceil(seconds)));
  await client().send(new ChangeMessageVisibilityCommand({ QueueUrl: requiredEnv('WEBHOOK_QUEUE_URL'), ReceiptHandle: receiptHandle, VisibilityTimeout: visibility }));
}
