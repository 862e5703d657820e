import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { putConnection } from '../data/connection.js';
import { requiredEnv } from '../lib/config.js';
import { logger } from '../lib/logger.js';
import { createTokenVerifier } from '../lib/token-verifier.js';
import type { WebSocketEvent, WebSocketResult } from './events.js';

const verifyToken = createTokenVerifier({
  issuer: requiredEnv('AUTH_ISSUER'),
  audience: requiredEnv('AUTH_AUDIENCE'),
});

/** $connect: the token comes as ?token=; a connection without a valid one is refused with 401. */
export const handler = middy<WebSocketEvent, WebSocketResult>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function connect(event) {
    const token = event.queryStringParameters?.token;
    if (!token) return { statusCode: 401, body: 'Not authenticated' };
    let userId: string;
    try {
      userId = (await verifyToken(token)).sub;
    } catch (error) {
      logger.info('WebSocket token refused', { reason: error instanceof Error ? error.message : String(error) });
      return { statusCode: 401, body: 'Not authenticated' };
    }
    // A storage failure is an outage, not a bad token: let it fail loudly.
    await putConnection(event.requestContext.connectionId, userId);
    return { statusCode: 200 };
  });
