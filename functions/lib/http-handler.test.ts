import type { Context } from 'aws-lambda';
import type { ApiEvent } from './caller.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDefinition } from '../../shared/routes.js';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.js';

// The handler stack keeps Idempotency-Key records in the table, whose name is read at load, as in Lambda.
process.env.TABLE_NAME ??= 'table';
const { routeHandler } = await import('./http-handler.js');

const context = { awsRequestId: 'request-1', functionName: 'test', getRemainingTimeInMillis: () => 1000 } as Context;

function event(
  options: { body?: string; claims?: Record<string, string>; pathParameters?: Record<string, string>; query?: Record<string, string> } = {},
): ApiEvent {
  return {
    body: options.body,
    headers: {},
    isBase64Encoded: false,
    pathParameters: options.pathParameters,
    queryStringParameters: options.query,
    requestContext: {
      authorizer: options.claims ? { lambda: options.claims } : undefined,
    },
  } as unknown as ApiEvent;
}

const signedIn = { claims: { via: 'session', userId: 'user-1', email: 'ada@example.com', emailVerified: 'true', expiresAt: '2000000000' }, pathParameters: { id: 'p-1' } };

const echoRoute = {
  method: 'POST',
  path: '/things/{id}',
  handler: 'x',
  auth: 'user',
  dataAccess: 'write',
  status: 201,
  params: z.object({ id: z.string().max(5, 'Too long') }),
  query: z.object({ limit: z.coerce.number().int().default(10) }),
  body: z.object({ title: z.string().min(1, 'Title is required'), minutes: z.number().int().optional() }),
  response: z.object({ echoed: z.unknown() }),
} as const satisfies RouteDefinition;

describe('routeHandler', () => {
  const echo = routeHandler(echoRoute, async ({ caller, params, query, body }) => ({ echoed: { caller, params, query, body } }));

  it("passes the caller, the route's validated path parameters, query and body, and answers the route's status", async () => {
    const response = await echo(event({ ...signedIn, query: { limit: '3' }, body: JSON.stringify({ title: 'Plan' }) }), context);
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(response.body ?? '')).toEqual({
      echoed: { caller: { userId: 'user-1', email: 'ada@example.com' }, params: { id: 'p-1' }, query: { limit: 3 }, body: { title: 'Plan' } },
    });
  });

  it('answers 401 when the authorizer supplied no subject', async () => {
    const response = await echo(event({ body: '{}' }), context);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: 'Not authenticated' });
  });

  it('answers 401 to an authorizer context of no known kind', async () => {
    const response = await echo(event({ claims: { userId: 'user-1', via: 'other' }, body: '{"title":"x"}' }), context);
    expect(response.statusCode).toBe(401);
  });

  it("answers a credential the authorizer refused 401 in API Gateway's own words, whatever was wrong with it", async () => {
    const response = await echo(event({ claims: { via: 'refused' }, body: '{"title":"x"}' }), context);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body ?? '')).toEqual({ message: 'Unauthorized' });
  });

  it('refuses an API token on a route that refuses tokens with 403, before looking the token up', async () => {
    const guarded = routeHandler({ ...echoRoute, refusesApiTokens: true }, async () => ({ echoed: 'ran' }));
    const response = await guarded(event({ claims: { via: 'token', userId: 'user-1', tokenId: 'token-1' }, pathParameters: { id: 'p-1' }, body: '{"title":"x"}' }), context);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: 'API tokens cannot be used for this; sign in to the app' });
  });

  it('ignores an e-mail address Cognito has not verified', async () => {
    const unverified = { ...signedIn, claims: { ...signedIn.claims, emailVerified: 'false' }, body: '{"title":"x"}' };
    const response = await echo(event(unverified), context);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ echoed: { caller: { userId: 'user-1', email: '' } } });
  });

  it('answers 400 with every invalid field', async () => {
    const response = await echo(event({ ...signedIn, body: JSON.stringify({ title: '', minutes: 1.5 }) }), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toMatchObject({
      error: 'title: Title is required',
      fields: [
        { field: 'title', message: 'Title is required' },
        { field: 'minutes', message: expect.any(String) },
      ],
    });
  });

  it('answers 400 naming a bad path parameter or query parameter', async () => {
    const badPath = await echo(event({ ...signedIn, pathParameters: { id: 'far-too-long' }, body: '{"title":"x"}' }), context);
    expect(badPath.statusCode).toBe(400);
    expect(JSON.parse(badPath.body ?? '')).toEqual({ error: 'id: Too long', fields: [{ field: 'id', message: 'Too long' }] });
    const badQuery = await echo(event({ ...signedIn, query: { limit: 'many' }, body: '{"title":"x"}' }), context);
    expect(badQuery.statusCode).toBe(400);
    expect(JSON.parse(badQuery.body ?? '')).toMatchObject({ fields: [{ field: 'limit' }] });
  });

  it('answers 400 for a missing body', async () => {
    const response = await echo(event(signedIn), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: 'Request body is required', fields: [{ field: 'body', message: 'Required' }] });
  });

  it('decodes base64 bodies', async () => {
    const encoded = { ...event(signedIn), body: Buffer.from('{"title":"Encoded"}').toString('base64'), isBase64Encoded: true };
    const response = await echo(encoded, context);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ echoed: { body: { title: 'Encoded' } } });
  });

  it('answers a route without a response schema with its status and no body', async () => {
    const remove = routeHandler({ method: 'DELETE', path: '/things', handler: 'x', auth: 'user', dataAccess: 'write', status: 204 } as const, async () => undefined);
    const response = await remove(event(signedIn), context);
    expect(response).toEqual({ statusCode: 204 });
  });

  it.each([
    [new ForbiddenError(), 403],
    [new NotFoundError('Workspace not found'), 404],
    [new ConflictError(), 409],
  ])('maps %s to its status', async (error, statusCode) => {
    const failing = routeHandler({ method: 'GET', path: '/x', handler: 'x', auth: 'user', dataAccess: 'read', status: 200 } as const, async () => Promise.reject(error));
    const response = await failing(event(signedIn), context);
    expect(response.statusCode).toBe(statusCode);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: error.message });
  });

  it('serves a public route without a caller and hides unexpected errors behind a plain 500', async () => {
    const failing = routeHandler({ method: 'GET', path: '/x', handler: 'x', auth: 'public', dataAccess: 'none', status: 200 } as const, async ({ caller }) => {
      throw new Error(`connection string postgres://secret ${String(caller)}`);
    });
    const response = await failing(event(), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(JSON.stringify({ error: 'Internal server error' }));
  });
});
