import { dueDeliveries, getWebhook, takePendingDelivery } from '../data/webhooks.js';
import { logger } from '../lib/logger.js';
import { attemptDelivery } from './delivery.js';

export interface RetrySummary {
  sent: number;
  /** The endpoint was deleted or turned off meanwhile: the delivery is dropped. */
  dropped: number;
}

/**
 * Sends the deliveries whose retry is due by `now`, each taken off the list first (so two overlapping sweeps
 * never send one twice), to the endpoint as it is now: its current URL (checked again) and secret.
 */
export async function runWebhookRetries(now = new Date()): Promise<RetrySummary> {
  const summary: RetrySummary = { sent: 0, dropped: 0 };
  for (const delivery of await dueDeliveries(now)) {
    if (!(await takePendingDelivery(delivery))) continue;
    const webhook = await getWebhook(delivery.workspaceId, delivery.webhookId);
    if (!webhook?.enabled) {
      summary.dropped += 1;
      continue;
    }
    try {
      await attemptDelivery(
        webhook,
        { id: delivery.messageId, type: delivery.type, body: delivery.body },
        { attempt: delivery.attempt, firstAttemptAt: new Date(delivery.firstAttemptAt), retry: true, now },
      );
      summary.sent += 1;
    } catch (error) {
      logger.error('Webhook retry could not be recorded', { error: error as Error, webhookId: delivery.webhookId });
    }
  }
  return summary;
}
