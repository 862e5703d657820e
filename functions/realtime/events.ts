import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/**
 * $connect events also carry the query string (the browser cannot set headers on a WebSocket); every event
 * carries who sent it, `requestContext.identity` (API Gateway sends it; the aws-lambda types leave it out).
 */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  requestContext: { identity?: { sourceIp?: string } };
};

export interface WebSocketResult {
  statusCode: number;
  body?: string;
}
