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

/**
 * $connect: the token comes as ?token=; a connection without a valid one is refused with 401, and one with
 * a valid one lasts until the token expires.
 */
export const handler = middy<WebSocketEvent, WebSocketResult>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function connect(event) {
    const token = event.queryStringParameters?.token;
    if (!token) return { statusCode: 401, body: 'Not authenticated' };
    let verified: Awaited<ReturnType<typeof verifyToken>>;
    try {
      verified = await verifyToken(token);
    } catch (error) {
      logger.info('WebSocket token refused', { reason: error instanceof Error ? error.message : String(error) });
      return { statusCode: 401, body: 'Not authenticated' };
    }
    // A storage failure is an outage, not a bad token: let it fail loudly.
    // The token's expiry stays with the connection: past it the connection is closed (connection.ts).
    await putConnection(event.requestContext.connectionId, verified.sub, Number(verified.claims.exp));
    return { statusCode: 200 };
  });
