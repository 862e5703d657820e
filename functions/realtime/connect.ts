import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { NOT_AUTHENTICATED } from '../../shared/schemas/api-error.js';
import { putConnection } from '../data/connection.js';
import { takeSocketConnectQuota } from '../data/quota.js';
import { redeemSocketTicket } from '../data/socket-tickets.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import { logger } from '../lib/logger.js';
import type { WebSocketEvent, WebSocketResult } from './events.js';

/**
 * $connect: admits the holder of a one-use ticket (`?ticket=`, from POST /realtime/tickets); anything else is
 * refused with 401. The connection keeps the expiry of the sign-in the ticket was made from: past it the
 * connection is closed (connection.ts). One IP address may open `socketConnectsPerIpPerMinute` connections a
 * minute (429 past it, counted before the ticket is looked at, so a flood of made-up tickets counts too): the
 * WebSocket API has no WAF, and its stage throttle is shared by everyone.
 */
export const handler = middy<WebSocketEvent, WebSocketResult>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function connect(event) {
    const sourceIp = event.requestContext.identity?.sourceIp ?? 'unknown';
    const quota = await takeSocketConnectQuota(sourceIp, abuseLimits.socketConnectsPerIpPerMinute, new Date());
    if (!quota.allowed) {
      logger.warn('WebSocket connections from one address over the limit', { sourceIp });
      return { statusCode: 429, body: `Too many connections from this address; try again in ${quota.retryAfterSeconds} seconds` };
    }
    const ticket = event.queryStringParameters?.ticket;
    // A storage failure is an outage, not a bad ticket: let it fail loudly.
    const admission = ticket ? await redeemSocketTicket(ticket) : undefined;
    if (!admission) {
      logger.info('WebSocket connection refused', { reason: ticket ? 'unknown, used or expired ticket' : 'no ticket' });
      return { statusCode: 401, body: NOT_AUTHENTICATED };
    }
    await putConnection(event.requestContext.connectionId, admission.userId, admission.tokenExpiresAt);
    return { statusCode: 200 };
  });
