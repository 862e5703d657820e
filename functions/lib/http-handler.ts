import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { installEnglishValidationMessages } from '../../shared/schemas/messages.js';
import type { RouteBody, RouteDefinition, RouteParams, RouteQuery, RouteResponseInput } from '../../shared/routes/contract.js';
import { admitTokenCall, callerFromApiToken } from '../domain/api-token-access.js';
import { authorizedFromEvent, sessionCaller, type ApiEvent, type Caller } from './caller.js';
import { compressResponse } from './compress-response.js';
import { CredentialRefusedError, ForbiddenError } from './errors.js';
import { httpErrorHandler } from './http-error-handler.js';
import { onceForKey } from './idempotency.js';
import { logger } from './logger.js';
import { routeMetrics } from './metrics.js';
import { originVerify } from './origin-verify.js';
import { parseJsonBody, parseWithSchema } from './parse-body.js';

/** What a handler receives: everything already checked against the route's contract. */
export interface RouteRequest<R extends RouteDefinition> {
  readonly event: ApiEvent;
  /** The signed-in caller; routes with `auth: 'public'` have none. */
  readonly caller: R extends { auth: 'user' } ? Caller : undefined;
  readonly params: RouteParams<R>;
  readonly query: RouteQuery<R>;
  readonly body: RouteBody<R>;
}

installEnglishValidationMessages();

type Handler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda handler of one route of shared/routes.ts: the route stack (below) around: caller from the
 * authorizer's context, an API token checked against its rules (401/403/404/429, callerOf) → path
 * parameters, query and JSON body validated by the route's schemas (400 naming each bad field) → `handle` →
 * the route's success status with the returned body (none for 204), gzipped when large. A signed-in POST
 * sent with an Idempotency-Key runs once per key.
 */
export function routeHandler<R extends RouteDefinition>(
  route: R,
  handle: (request: RouteRequest<R>) => Promise<RouteResponseInput<R>>,
): Handler {
  return routeStack(route).handler(async function serveRoute(event) {
    const caller = route.auth === 'user' ? await callerOf(route, event) : undefined;
    const request = {
      event,
      caller,
      params: route.params ? parseWithSchema(event.pathParameters ?? {}, route.params) : {},
      query: route.query ? parseWithSchema(event.queryStringParameters ?? {}, route.query) : undefined,
      body: route.body ? parseJsonBody(event, route.body) : undefined,
    } as RouteRequest<R>; // the schemas above are the route's own, so their outputs are these types
    // Only a POST that writes has something to do once (a check, such as CheckSignIn, keeps nothing).
    const body: unknown =
      route.method === 'POST' && route.dataAccess === 'write' && caller ? await onceForKey(event, caller.userId, `${route.method} ${route.path}`, () => handle(request)) : await handle(request);
    return compressResponse(toResponse(route.status, route.response ? body : undefined), event.headers);
  });
}

/**
 * The middlewares every route runs in: per-route metrics, logger context, error mapping, and first of all
 * the CloudFront origin check (403 for a request sent around the distribution, functions/lib/origin-verify.ts).
 */
export function routeStack(route: RouteDefinition) {
  return (
    middy<ApiEvent, APIGatewayProxyStructuredResultV2>()
      .use(routeMetrics(`${route.method} ${route.path}`))
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(httpErrorHandler())
      // After the error handler, so its 403 is answered as JSON; before anything of the route runs.
      .use(originVerify())
  );
}

export const NO_API_TOKENS_HERE = 'API tokens cannot be used for this; sign in to the app';

/**
 * The caller the authorizer admitted. A personal API token is checked again here, in full, on every call: the
 * authorizer's answer may come from its cache (up to a minute old), and a revoked token must stop at once.
 * Then the token's own rules (functions/domain/api-token-access.ts): scope, workspace, the workspace's switch, the
 * rate limit. Routes marked `refusesApiTokens` turn tokens away (403), so a leaked one cannot mint more.
 */
export async function callerOf(route: RouteDefinition, event: ApiEvent): Promise<Caller> {
  const authorized = authorizedFromEvent(event);
  if (authorized.via === 'session') return sessionCaller(authorized);
  // Before the token is read: such a route may have no table access at all (CheckSignIn).
  if (route.refusesApiTokens) throw new ForbiddenError(NO_API_TOKENS_HERE);
  const tokenCaller = await callerFromApiToken(event.headers.authorization ?? '');
  if (tokenCaller?.tokenId !== authorized.tokenId) throw new CredentialRefusedError();
  // A protocol's messages (the MCP server) are all POSTs: the server itself offers a read token no write.
  const writes = route.method !== 'GET' && route.protocol !== 'json-rpc';
  await admitTokenCall(tokenCaller, { writes, workspaceId: event.pathParameters?.workspaceId });
  const { userId, via: _via, ...grant } = tokenCaller;
  return { userId, email: '', token: grant };
}

function toResponse(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return body === undefined
    ? { statusCode }
    : { statusCode, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
