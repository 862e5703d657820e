import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { clientMessage, type ServerMessage } from '../../shared/realtime.js';
import { getConnectionUserId, subscribeToWorkspace } from '../data/connection.js';
import { getMembership } from '../data/membership.js';
import { logger } from '../lib/logger.js';
import type { WebSocketEvent, WebSocketResult } from './events.js';
import { push } from './push.js';

async function answer(event: WebSocketEvent): Promise<ServerMessage> {
  let json: unknown;
  try {
    json = JSON.parse(event.body ?? '');
  } catch {
    return { type: 'error', message: 'Messages must be JSON' };
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) return { type: 'error', message: 'Unknown message' };
  const message = parsed.data;
  if (message.action === 'ping') return { type: 'pong' };

  const userId = await getConnectionUserId(event.requestContext.connectionId);
  const membership = userId ? await getMembership(message.workspaceId, userId) : undefined;
  if (!membership) return { type: 'error', message: 'Workspace not found' };
  await subscribeToWorkspace(event.requestContext.connectionId, message.workspaceId, membership.userId);
  return { type: 'subscribed', workspaceId: message.workspaceId };
}

/** $default: ping, and subscriptions to workspaces the connection's user is a member of. */
export const handler = middy<WebSocketEvent, WebSocketResult>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async function onMessage(event) {
    await push([event.requestContext.connectionId], await answer(event));
    return { statusCode: 200 };
  });
