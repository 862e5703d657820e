import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger.js';

/**
 * The scheduled weekly plan run. Plans are generated on request for now (the dashboard's Generate flow);
 * this job only records that the schedule fired until scheduled generation is built.
 */
export const handler = middy<ScheduledEvent, { planned: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function weeklyPlan(event) {
    logger.info('Weekly plan schedule fired', { time: event.time });
    return { planned: 0 };
  });
