import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { installEnglishValidationMessages } from '../../shared/schemas/messages.js';
import type { RouteBody, RouteDefinition, RouteParams, RouteQuery, RouteResponseInput } from '../../shared/routes/contract.js';
import { callerFromEvent, type Caller } from './caller.js';
import { compressResponse } from './compress-response.js';
import { httpErrorHandler } from './http-error-handler.js';
import { onceForKey } from './idempotency.js';
import { logger } from './logger.js';
import { routeMetrics } from './metrics.js';
import { originVerify } from './origin-verify.js';
import { parseJsonBody, parseWithSchema } from './parse-body.js';

/** What a handler receives: everything already checked against the route's contract. */
export interface RouteRequest<R extends RouteDefinition> {
  readonly event: APIGatewayProxyEventV2WithJWTAuthorizer;
  /** The signed-in caller; routes with `auth: 'public'` have none. */
  readonly caller: R extends { auth: 'user' } ? Caller : undefined;
  readonly params: RouteParams<R>;
  readonly query: RouteQuery<R>;
  readonly body: RouteBody<R>;
}

installEnglishValidationMessages();

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda handler of one route of shared/routes.ts: the route stack (below) around: caller from the JWT
 * claims (401 without) → path parameters, query and JSON body validated by the route's schemas (400 naming
 * each bad field) → `handle` → the route's success status with the returned body (none for 204), gzipped
 * when large. A signed-in POST sent with an Idempotency-Key runs once per key.
 */
export function routeHandler<R extends RouteDefinition>(
  route: R,
  handle: (request: RouteRequest<R>) => Promise<RouteResponseInput<R>>,
): Handler {
  return routeStack(route).handler(async function serveRoute(event) {
    const caller = route.auth === 'user' ? callerFromEvent(event) : undefined;
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
    middy<APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2>()
      .use(routeMetrics(`${route.method} ${route.path}`))
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(httpErrorHandler())
      // After the error handler, so its 403 is answered as JSON; before anything of the route runs.
      .use(originVerify())
  );
}

function toResponse(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return body === undefined
    ? { statusCode }
    : { statusCode, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
