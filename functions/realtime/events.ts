import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** $connect events also carry the query string (the browser cannot set headers on a WebSocket). */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
};

export interface WebSocketResult {
  statusCode: number;
  body?: string;
}
