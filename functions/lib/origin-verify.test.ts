import type { Context } from 'aws-lambda';
import type { ApiEvent } from './caller.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteDefinition } from '../../shared/routes.js';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_VARIABLE } from './origin-verify.js';

// The handler stack keeps Idempotency-Key records in the table, whose name is read at load, as in Lambda.
process.env.TABLE_NAME ??= 'table';
const { routeHandler } = await import('./http-handler.js');

const context = { awsRequestId: 'request-1', functionName: 'test', getRemainingTimeInMillis: () => 1000 } as Context;
const SECRET = 'k3Q9vX2mP7sL4tR8wZ1nB6cF0hJ5yD2a';

function event(headers: Record<string, string>, claims?: Record<string, string>): ApiEvent {
  return {
    headers,
    isBase64Encoded: false,
    requestContext: { authorizer: claims ? { lambda: claims } : undefined },
  } as unknown as ApiEvent;
}

const healthRoute = {
  method: 'GET',
  path: '/health',
  handler: 'x',
  auth: 'public',
  dataAccess: 'none',
  status: 200,
  response: z.object({ status: z.literal('ok') }),
} as const satisfies RouteDefinition;

const deleteRoute = {
  method: 'DELETE',
  path: '/things/{id}',
  handler: 'x',
  auth: 'user',
  dataAccess: 'write',
  status: 204,
  params: z.object({ id: z.string() }),
} as const satisfies RouteDefinition;
const signedIn = { via: 'session', userId: 'user-1', email: 'ada@example.com', emailVerified: 'true', expiresAt: '2000000000' };

describe('the CloudFront origin check of every HTTP route', () => {
  const health = vi.fn(async () => ({ status: 'ok' as const }));
  const remove = vi.fn(async () => undefined);
  const healthHandler = routeHandler(healthRoute, health);
  const deleteHandler = routeHandler(deleteRoute, remove);

  afterEach(() => {
    // The unit tests share one process (isolate: false): the variable must not outlive these tests.
    vi.unstubAllEnvs();
    health.mockClear();
    remove.mockClear();
  });

  it.each([
    ['without the header', {}],
    ['with a wrong value', { [ORIGIN_VERIFY_HEADER]: 'not-the-secret' }],
    ['with the value cut short', { [ORIGIN_VERIFY_HEADER]: SECRET.slice(0, -1) }],
    ['with the value and more', { [ORIGIN_VERIFY_HEADER]: `${SECRET},${SECRET}` }],
    ['with an empty value', { [ORIGIN_VERIFY_HEADER]: '' }],
  ])('refuses a request %s with 403 and a JSON error, before the route runs', async (_, headers) => {
    vi.stubEnv(ORIGIN_VERIFY_VARIABLE, SECRET);
    for (const [handler, route, claims] of [
      [healthHandler, health, undefined],
      [deleteHandler, remove, signedIn],
    ] as const) {
      const response = await handler(event(headers, claims), context);
      expect(response.statusCode).toBe(403);
      expect(response.headers).toMatchObject({ 'content-type': 'application/json' });
      expect(JSON.parse(response.body ?? '')).toEqual({ error: "This API answers only through the web app's own address" });
      expect(route).not.toHaveBeenCalled();
    }
  });

  it('comes before the caller is read: a request around CloudFront without a token gets 403, not 401', async () => {
    vi.stubEnv(ORIGIN_VERIFY_VARIABLE, SECRET);
    const response = await deleteHandler(event({}), context);
    expect(response.statusCode).toBe(403);
  });

  it('passes a request that carries the right value on to the route', async () => {
    vi.stubEnv(ORIGIN_VERIFY_VARIABLE, SECRET);
    const response = await healthHandler(event({ [ORIGIN_VERIFY_HEADER]: SECRET }), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body ?? '')).toEqual({ status: 'ok' });
    const deleted = await deleteHandler({ ...event({ [ORIGIN_VERIFY_HEADER]: SECRET }, signedIn), pathParameters: { id: 't-1' } }, context);
    expect(deleted.statusCode).toBe(204);
    expect(remove).toHaveBeenCalledOnce();
  });

  it('checks nothing when the variable is unset or empty (the local stack has no CloudFront)', async () => {
    for (const value of [undefined, '']) {
      vi.stubEnv(ORIGIN_VERIFY_VARIABLE, value);
      expect((await healthHandler(event({}), context)).statusCode).toBe(200);
      expect((await healthHandler(event({ [ORIGIN_VERIFY_HEADER]: 'anything' }), context)).statusCode).toBe(200);
    }
    expect(health).toHaveBeenCalledTimes(4);
  });
});
