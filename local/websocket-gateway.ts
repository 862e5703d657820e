import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WebSocketRoute, WebSocketRouteKey } from '../shared/routes.js';
import { invoke } from './lambda-runtime.js';
import { refusedByGuard, type LocalRequestGuard } from './request-guard.js';

interface OpenConnection {
  readonly socket: WebSocket;
  readonly connectedAt: Date;
  lastActiveAt: Date;
  readonly sourceIp: string;
  readonly userAgent: string;
}

/**
 * The local WebSocket API: calls the $connect/$disconnect/$default handlers with API Gateway's event shape,
 * and serves the @connections management endpoint on the same port, so handlers push with the unchanged
 * @aws-sdk/client-apigatewaymanagementapi (endpoint http://localhost:<port>).
 */
export function createWebSocketGateway(options: {
  routes: readonly WebSocketRoute[];
  onLog?: (line: string) => void;
  /** Refuses sockets opened by web pages other than the app, and requests to names other than loopback. */
  guard?: LocalRequestGuard;
}): { server: http.Server; closeAll: () => Promise<void> } {
  const connections = new Map<string, OpenConnection>();
  const pendingDisconnects = new Set<Promise<unknown>>();
  const routeFor = (routeKey: WebSocketRouteKey): WebSocketRoute => {
    const route = options.routes.find((candidate) => candidate.routeKey === routeKey);
    if (!route) throw new Error(`No WebSocket route ${routeKey} in the route table`);
    return route;
  };

  function event(routeKey: WebSocketRouteKey, connectionId: string, sourceIp: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const eventType = routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        messageDirection: 'IN',
        stage: 'local',
        apiId: 'local',
        domainName: 'localhost',
        requestId: randomUUID(),
        extendedRequestId: randomUUID(),
        requestTimeEpoch: Date.now(),
        connectedAt: connections.get(connectionId)?.connectedAt.getTime() ?? Date.now(),
        identity: { sourceIp },
      },
      isBase64Encoded: false,
      ...extra,
    };
  }

  async function call(routeKey: WebSocketRouteKey, connectionId: string, sourceIp: string, extra?: Record<string, unknown>): Promise<number> {
    const route = routeFor(routeKey);
    try {
      const result = (await invoke(route, event(routeKey, connectionId, sourceIp, extra))) as { statusCode?: number } | undefined;
      return result?.statusCode ?? 200;
    } catch (error) {
      console.error(`${routeKey} handler failed`, error);
      return 500;
    }
  }

  const webSockets = new WebSocketServer({ noServer: true });
  const server = http.createServer((request, response) => void manage(request, response));

  server.on('upgrade', (request, socket, head) => {
    void (async () => {
      const refusal = options.guard?.refusalOf(request.headers);
      if (refusal !== undefined) {
        options.onLog?.(`ws upgrade refused: ${refusal}`);
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      const connectionId = randomBytes(12).toString('base64url');
      const url = new URL(request.url ?? '/', 'http://localhost');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
      );
      // Node writes an IPv4 peer as ::ffff:a.b.c.d on a dual-stack socket; API Gateway says a.b.c.d.
      const sourceIp = (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
      const status = await call('$connect', connectionId, sourceIp, {
        headers,
        queryStringParameters: Object.fromEntries(url.searchParams),
      });
      if (status < 200 || status >= 300) {
        options.onLog?.(`ws $connect refused (${status})`);
        socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Refused'}\r\nConnection: close\r\n\r\n`);
        return;
      }
      webSockets.handleUpgrade(request, socket, head, (webSocket) => {
        connections.set(connectionId, {
          socket: webSocket,
          connectedAt: new Date(),
          lastActiveAt: new Date(),
          sourceIp,
          userAgent: request.headers['user-agent'] ?? '',
        });
        webSocket.on('message', (data) => {
          const connection = connections.get(connectionId);
          if (connection) connection.lastActiveAt = new Date();
          void call('$default', connectionId, sourceIp, { body: data.toString() });
        });
        webSocket.on('close', () => {
          const disconnect = call('$disconnect', connectionId, sourceIp).finally(() => {
            connections.delete(connectionId);
            pendingDisconnects.delete(disconnect);
          });
          pendingDisconnects.add(disconnect);
        });
      });
    })();
  });

  async function manage(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (refusedByGuard(options.guard, request, response)) return;
    // The SDK addresses /@connections/{id}; in AWS a stage prefix comes first, so accept one here too.
    const match = /^(?:\/[^/@]+)?\/@connections\/([^/?]+)/.exec(request.url ?? '');
    if (!match?.[1]) {
      response.writeHead(404).end();
      return;
    }
    let connectionId: string;
    try {
      connectionId = decodeURIComponent(match[1]);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const connection = connections.get(connectionId);
    // A socket that is closing is as gone as a closed one: API Gateway answers 410 for both.
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
      response.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      response.end(JSON.stringify({ message: 'Gone' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'POST') {
      connection.socket.send(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end();
    } else if (request.method === 'DELETE') {
      connection.socket.close();
      response.writeHead(204).end();
    } else if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ConnectedAt: connection.connectedAt.toISOString(),
          LastActiveAt: connection.lastActiveAt.toISOString(),
          Identity: { SourceIp: connection.sourceIp, UserAgent: connection.userAgent },
        }),
      );
    } else {
      response.writeHead(405).end();
    }
  }

  /** Closes every socket and waits for their $disconnect handlers, as API Gateway does on shutdown. */
  async function closeAll(): Promise<void> {
    for (const connection of connections.values()) connection.socket.terminate();
    await Promise.all(pendingDisconnects);
  }

  return { server, closeAll };
}
