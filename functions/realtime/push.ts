import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage } from '../../shared/realtime.js';
import { deleteConnection } from '../data/connection.js';
import { requiredEnv } from '../lib/config.js';
import { logger } from '../lib/logger.js';

/** The WebSocket API's management endpoint (https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
const managementApi = new ApiGatewayManagementApiClient({ endpoint: requiredEnv('WEBSOCKET_ENDPOINT') });

/** Sends a message to each connection; connections that are gone are removed, others' failures logged. */
export async function push(connectionIds: readonly string[], message: ServerMessage): Promise<void> {
  const data = JSON.stringify(message);
  await Promise.all(
    connectionIds.map(async (connectionId) => {
      try {
        await managementApi.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      } catch (error) {
        if (error instanceof GoneException) await deleteConnection(connectionId);
        else logger.warn('Push failed', { connectionId, error });
      }
    }),
  );
}
