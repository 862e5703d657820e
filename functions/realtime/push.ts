import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage } from '../../shared/realtime.js';
import { deleteConnection } from '../data/connection.js';
import { requiredEnv } from '../lib/config.js';
import { logger } from '../lib/logger.js';
import { withoutSdkLogging } from '../lib/sdk-logging.js';

/** The WebSocket API's management endpoint (https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
const managementApi = withoutSdkLogging(new ApiGatewayManagementApiClient({ endpoint: requiredEnv('WEBSOCKET_ENDPOINT') }));

/**
 * Sends a message to one connection; false when the connection is gone (it is then removed). Other
 * failures are logged and count as delivered, so one hiccup does not end a stream.
 */
export async function postToConnection(connectionId: string, message: ServerMessage): Promise<boolean> {
  try {
    await managementApi.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
    return true;
  } catch (error) {
    if (error instanceof GoneException) {
      await deleteConnection(connectionId);
      return false;
    }
    logger.warn('Push failed', { connectionId, error });
    return true;
  }
}

/** Sends a message to each connection. */
export async function push(connectionIds: readonly string[], message: ServerMessage): Promise<void> {
  await Promise.all(connectionIds.map((connectionId) => postToConnection(connectionId, message)));
}

/**
 * Sends each connection its messages one after another, so they arrive in the order given (the changes of
 * one item across frames); connections in parallel. A gone connection is sent nothing more.
 */
export async function pushInOrder(connectionIds: readonly string[], messages: readonly ServerMessage[]): Promise<void> {
  await Promise.all(
    connectionIds.map(async (connectionId) => {
      for (const message of messages) if (!(await postToConnection(connectionId, message))) return;
    }),
  );
}

/**
 * Closes a connection (its token expired) and forgets it with its subscriptions; the browser connects
 * again, with a fresh token if its user may still sign in.
 */
export async function closeConnection(connectionId: string): Promise<void> {
  try {
    await managementApi.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!(error instanceof GoneException)) logger.warn('Closing a connection failed', { connectionId, error });
  }
  await deleteConnection(connectionId);
}
