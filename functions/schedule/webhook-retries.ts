import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger.js';
import { runWebhookRetries } from '../webhooks/retries.js';

/** Every minute: the webhook deliveries whose retry is due (functions/webhooks/retries.ts). */
export const handler = middy<ScheduledEvent, undefined>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function retryWebhooks() {
    const summary = await runWebhookRetries();
    if (summary.sent + summary.dropped > 0) logger.info('Webhook retries', { ...summary });
  });
