import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { deleteConnection } from '../data/connection.js';
import { logger } from '../lib/logger.js';
import type { WebSocketEvent, WebSocketResult } from './events.js';

export const handler = middy<WebSocketEvent, WebSocketResult>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function disconnect(event) {
    await deleteConnection(event.requestContext.connectionId);
    return { statusCode: 200 };
  });
