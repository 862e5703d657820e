import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { safeParse } from 'zod/v4/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { httpApiCors, type HttpRoute } from '../shared/routes.js';
import type { AuthorizerContext } from '../functions/lib/caller.js';
import { invoke } from './lambda-runtime.js';
import type { LocalResponse } from './outbox.js';
import { refusedByGuard, type LocalRequestGuard } from './request-guard.js';

interface CompiledRoute {
  readonly route: HttpRoute;
  readonly pattern: RegExp;
  readonly parameterNames: string[];
}

/** `/workspaces/{workspaceId}` → a regular expression with one group per parameter. */
export function compileRoute(route: HttpRoute): CompiledRoute {
  const parameterNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameterNames.push(parameter[1] ?? '');
      return parameter[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), parameterNames };
}

export function matchRoute(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
): { route: HttpRoute; pathParameters: Record<string, string> } | 'method-not-allowed' | 'malformed' | undefined {
  let pathMatched = false;
  for (const compiled of routes) {
    const match = compiled.pattern.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (compiled.route.method !== method) continue;
    try {
      const pathParameters = Object.fromEntries(
        compiled.parameterNames.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      );
      return { route: compiled.route, pathParameters };
    } catch {
      return 'malformed'; // a broken %-escape such as /workspaces/%E0%A4%A
    }
  }
  return pathMatched ? 'method-not-allowed' : undefined;
}

function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': httpApiCors.allowOrigins.join(','),
    'access-control-allow-headers': httpApiCors.allowHeaders.join(','),
    'access-control-allow-methods': httpApiCors.allowMethods.join(','),
    'access-control-expose-headers': httpApiCors.exposeHeaders.join(','),
    'access-control-max-age': String(httpApiCors.maxAgeSeconds),
  };
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^(text\/|application\/(json|x-www-form-urlencoded|xml))/.test(contentType);
}

export function buildEvent(options: {
  request: http.IncomingMessage;
  url: URL;
  route: HttpRoute;
  pathParameters: Record<string, string>;
  body: Buffer;
  authorizer?: AuthorizerContext;
}): APIGatewayProxyEventV2 & { requestContext: { authorizer?: { lambda: AuthorizerContext } } } {
  const { request, url, route } = options;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const textual = isTextual(headers['content-type']);
  const query = url.searchParams;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(query.size > 0
      ? { queryStringParameters: Object.fromEntries([...query.keys()].map((key) => [key, query.getAll(key).join(',')])) }
      : {}),
    ...(Object.keys(options.pathParameters).length > 0 ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(options.authorizer ? { authorizer: { lambda: options.authorizer } } : {}),
    },
    ...(options.body.length > 0
      ? { body: textual ? options.body.toString('utf8') : options.body.toString('base64') }
      : {}),
    isBase64Encoded: options.body.length > 0 && !textual,
  };
}

function send(response: http.ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(statusCode, { 'content-type': 'application/json', ...corsHeaders(), ...headers });
  response.end(JSON.stringify(body));
}

/** A Lambda proxy result (payload format 2.0) in its structured form, as the HTTP API reads it. */
function structuredResult(result: unknown): APIGatewayProxyStructuredResultV2 {
  return typeof result === 'object' && result !== null && 'statusCode' in result
    ? (result as APIGatewayProxyStructuredResultV2)
    : { statusCode: 200, body: JSON.stringify(result), headers: { 'content-type': 'application/json' } };
}

/**
 * Why a success answer breaks the route's contract (shared/routes.ts), or undefined when it keeps it. The
 * local API checks every answer, so a handler whose response drifts from its schema fails the integration
 * and end-to-end tests instead of surprising the web app.
 */
export function contractViolation(route: HttpRoute, result: APIGatewayProxyStructuredResultV2): string | undefined {
  const status = result.statusCode ?? 200;
  if (status >= 300) return undefined;
  if (status === 202 && route.protocol === 'json-rpc') return result.body ? 'a body on an accepted notification' : undefined;
  if (status !== route.status) return `status ${status}, the route answers ${route.status}`;
  if (route.protocol === 'icalendar') return /^text\/calendar/.test(String(result.headers?.['content-type'] ?? '')) ? undefined : 'an answer that is not text/calendar';
  if (!route.response) return result.body ? 'a body on a route that has none' : undefined;
  const raw = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : Buffer.from(result.body ?? '', 'utf8');
  const gzipped = Object.entries(result.headers ?? {}).some(([name, value]) => name.toLowerCase() === 'content-encoding' && value === 'gzip');
  let body: unknown;
  try {
    body = JSON.parse((gzipped ? gunzipSync(raw) : raw).toString('utf8'));
  } catch {
    return 'a body that is not JSON';
  }
  const parsed = safeParse(route.response, body);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

/** Writes a Lambda proxy result (payload format 2.0) as the HTTP API would. */
function sendResult(response: http.ServerResponse, structured: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string> = { ...corsHeaders() };
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  response.writeHead(structured.statusCode ?? 200, headers);
  const body = structured.body ?? '';
  response.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

export interface HttpGatewayOptions {
  readonly routes: readonly HttpRoute[];
  /** Stands in for the HTTP API's Lambda authorizer: its context for a request's Authorization header. */
  readonly authorize: (authorization: string) => Promise<AuthorizerContext>;
  /** Extra endpoints outside the API (cognito-local's Lambda trigger invocations). */
  readonly extraRequestHandler?: (request: http.IncomingMessage, url: URL, body: Buffer) => Promise<unknown | undefined>;
  /** Local-only pages and fake AWS endpoints with their own content type (the mail outbox, SES). */
  readonly localEndpoints?: (method: string, url: URL, body: Buffer) => Promise<LocalResponse | undefined>;
  readonly onRequest?: (line: string) => void;
  /** Refuses requests from web pages other than the app, and to names other than loopback (request-guard.ts). */
  readonly guard?: LocalRequestGuard;
  /**
   * Check every success answer against its route's response schema (default true). Load benches turn it
   * off: it is a development check API Gateway does not make, and it costs a gunzip and a parse per answer.
   */
  readonly checkContracts?: boolean;
}

/** API Gateway's quota on an HTTP API request's line and header values together, in bytes. */
export const REQUEST_LINE_AND_HEADERS_LIMIT = 10_240;
/**
 * What Node itself reads before giving up (its default is 16 KB, past which it resets the connection while
 * the client may still be writing, so the client sees no answer at all). Well above the quota, so that the
 * gateway reads an oversized request whole and refuses it with a status, as API Gateway does.
 */
const NODE_MAX_HEADER_BYTES = 1024 * 1024;

/** How long an idle keep-alive connection stays open (Node's default of 5 s races with clients' reuse). */
const IDLE_CONNECTION_MS = 120_000;

/** The request line and header values together are over API Gateway's quota: 414 for the URL, else 431. */
function oversizedRequest(request: http.IncomingMessage): 414 | 431 | undefined {
  const line = `${request.method ?? ''} ${request.url ?? ''} HTTP/${request.httpVersion}`;
  const headerBytes = request.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  if (Buffer.byteLength(line) + headerBytes <= REQUEST_LINE_AND_HEADERS_LIMIT) return undefined;
  return Buffer.byteLength(line) > REQUEST_LINE_AND_HEADERS_LIMIT ? 414 : 431;
}

/** The local HTTP API: route table → APIGatewayProxyEventV2 → the same handler modules as Lambda. */
export function createHttpGateway(options: HttpGatewayOptions): http.Server {
  const compiled = options.routes.map(compileRoute);
  const server = http.createServer({ maxHeaderSize: NODE_MAX_HEADER_BYTES }, async (request, response) => {
    const started = Date.now();
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    const method = (request.method ?? 'GET').toUpperCase();
    const log = (status: number): void => options.onRequest?.(`${method} ${url.pathname} ${status} ${Date.now() - started}ms`);
    if (refusedByGuard(options.guard, request, response)) {
      log(403);
      return;
    }
    const oversized = oversizedRequest(request);
    if (oversized !== undefined) {
      send(response, oversized, { message: oversized === 414 ? 'URI Too Long' : 'Request Header Fields Too Large' });
      log(oversized);
      return;
    }
    try {
      const body = await readBody(request);
      const extra = await options.extraRequestHandler?.(request, url, body);
      if (extra !== undefined) {
        send(response, 200, extra);
        return;
      }
      const local = await options.localEndpoints?.(method, url, body);
      if (local !== undefined) {
        // No CORS: the outbox shows other users' mails, so no web page (not even the app) may read it.
        response.writeHead(local.statusCode, { 'content-type': local.contentType });
        response.end(local.body);
        log(local.statusCode);
        return;
      }
      if (method === 'OPTIONS') {
        response.writeHead(204, corsHeaders());
        response.end();
        return;
      }
      const match = matchRoute(compiled, method, url.pathname);
      if (match === 'malformed') {
        send(response, 400, { message: 'Bad Request' });
        log(400);
        return;
      }
      if (match === undefined || match === 'method-not-allowed') {
        send(response, 404, { message: 'Not Found' });
        log(404);
        return;
      }
      let authorizer: AuthorizerContext | undefined;
      if (match.route.auth === 'user') {
        // Like API Gateway with the Lambda authorizer: 401 without the header; otherwise the authorizer's
        // verdict goes to the function, which answers a refused one (no answer is cached here).
        const authorization = request.headers.authorization;
        if (!authorization) {
          send(response, 401, { message: 'Unauthorized' });
          log(401);
          return;
        }
        authorizer = await options.authorize(authorization);
      }
      const event = buildEvent({ request, url, route: match.route, pathParameters: match.pathParameters, body, authorizer });
      const result = structuredResult(await invoke({ name: match.route.name, handler: match.route.handler }, event));
      const violation = options.checkContracts === false ? undefined : contractViolation(match.route, result);
      if (violation) {
        console.error(`${match.route.name} broke its contract: ${violation}`);
        send(response, 500, { message: `Response does not match the route's contract: ${violation}` });
        log(500);
        return;
      }
      sendResult(response, result);
      log(response.statusCode);
    } catch (error) {
      console.error(error);
      send(response, 500, { message: 'Internal Server Error' });
      log(500);
    }
  });
  // Node closes a connection idle for 5 s; a client that reuses it at that moment (Playwright's request
  // context, a script's keep-alive agent) gets ECONNRESET for a request that never arrived. API Gateway keeps
  // idle connections far longer, so the local one does too.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  return server;
}
