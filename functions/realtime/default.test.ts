import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocketEvent } from './events.js';

/**
 * The $default route when its storage fails: the browser always hears back, tied to its request, and never
 * sees internals. (Its ordinary answers are covered through the local WebSocket API by the integration tests.)
 */
vi.stubEnv('TABLE_NAME', 'table');
vi.stubEnv('WEBSOCKET_ENDPOINT', 'https://socket.example.com/prod');
vi.stubEnv('CHAT_WORKER_FUNCTION', 'chat-worker');
vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
const dynamo = mockClient(DynamoDBDocumentClient);
const sockets = mockClient(ApiGatewayManagementApiClient);
const { handler } = await import('./default.js');
const { SERVER_BUSY, SERVER_ERROR } = await import('./websocket-errors.js');

afterAll(() => {
  vi.unstubAllEnvs();
  dynamo.restore();
  sockets.restore();
});

beforeEach(() => {
  dynamo.reset();
  sockets.reset();
  sockets.on(PostToConnectionCommand).resolves({});
});

const context = { awsRequestId: 'request-1', functionName: 'WebSocketDefault', getRemainingTimeInMillis: () => 1000 } as Context;
const send = (body: object) => handler({ body: JSON.stringify(body), requestContext: { connectionId: 'c1' } } as unknown as WebSocketEvent, context);
const pushed = () => sockets.commandCalls(PostToConnectionCommand).map((call) => ({ to: call.args[0].input.ConnectionId, message: JSON.parse(String(call.args[0].input.Data)) as unknown }));
const chat = { action: 'chat', requestId: 'r1', workspaceId: 'w1', message: 'Plan my week' };

describe('$default when something fails', () => {
  it('answers a chat request on its own request id, so the chat shows the failure at once', async () => {
    dynamo.on(GetCommand).rejects(new Error('socket hang up at 10.0.3.7'));
    expect(await send(chat)).toEqual({ statusCode: 500 });
    expect(pushed()).toEqual([{ to: 'c1', message: { type: 'chat', requestId: 'r1', frame: { type: 'error', data: { error: 'internal', message: SERVER_ERROR } } } }]);
  });

  it('says the service is busy, with when to retry, when AWS throttles after its retries', async () => {
    dynamo.on(GetCommand).rejects(new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }));
    expect(await send(chat)).toEqual({ statusCode: 503 });
    expect(pushed()).toEqual([
      { to: 'c1', message: { type: 'chat', requestId: 'r1', frame: { type: 'error', data: { error: 'unavailable', message: SERVER_BUSY, retryAfterSeconds: 2 } } } },
    ]);
  });

  it('answers any other message with an error message, never the internals', async () => {
    dynamo.on(GetCommand).rejects(new Error('socket hang up at 10.0.3.7'));
    expect(await send({ action: 'subscribe', workspaceId: 'w1' })).toEqual({ statusCode: 500 });
    expect(pushed()).toEqual([{ to: 'c1', message: { type: 'error', message: SERVER_ERROR } }]);
  });
});
