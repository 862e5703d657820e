import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import { logger } from './logger.js';
import { httpErrorHandler } from './http-error-handler.js';
import { parseJsonBody } from './parse-body.js';
import { callerFromEvent, type Caller } from './caller.js';
import { compressResponse } from './compress-response.js';

export interface HttpResult {
  readonly statusCode: number;
  readonly body?: unknown;
}

export interface AuthenticatedRequest<TBody> {
  readonly event: APIGatewayProxyEventV2WithJWTAuthorizer;
  readonly caller: Caller;
  readonly body: TBody;
  readonly pathParameters: Readonly<Record<string, string | undefined>>;
}

type Handler<TEvent> = (event: TEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function toResponse(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  return result.body === undefined
    ? { statusCode: result.statusCode }
    : {
        statusCode: result.statusCode,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(result.body),
      };
}

function withMiddlewares<TEvent extends { headers?: Record<string, string | undefined> }>(
  core: (event: TEvent) => Promise<APIGatewayProxyStructuredResultV2>,
): Handler<TEvent> {
  return middy<TEvent, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpErrorHandler())
    .handler(async (event) => compressResponse(await core(event), event.headers));
}

/**
 * A route behind the JWT authorizer: resolves the caller from the token's claims (401 without them),
 * validates the JSON body against `body` when given (400 with field errors), then runs the domain call.
 */
export function authenticatedHandler<TSchema extends z.ZodType | undefined = undefined>(route: {
  body?: TSchema;
  handle: (
    request: AuthenticatedRequest<TSchema extends z.ZodType ? z.output<TSchema> : undefined>,
  ) => Promise<HttpResult>;
}): Handler<APIGatewayProxyEventV2WithJWTAuthorizer> {
  return withMiddlewares(async function authenticatedRoute(event: APIGatewayProxyEventV2WithJWTAuthorizer) {
    const caller = callerFromEvent(event);
    const body = (route.body ? parseJsonBody(event, route.body) : undefined) as TSchema extends z.ZodType
      ? z.output<TSchema>
      : undefined;
    return toResponse(await route.handle({ event, caller, body, pathParameters: event.pathParameters ?? {} }));
  });
}

/** A route open to anyone (no authorizer). */
export function publicHandler(
  handle: (event: APIGatewayProxyEventV2) => Promise<HttpResult>,
): Handler<APIGatewayProxyEventV2> {
  return withMiddlewares(async function publicRoute(event: APIGatewayProxyEventV2) {
    return toResponse(await handle(event));
  });
}
