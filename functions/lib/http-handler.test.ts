import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.js';
import { authenticatedHandler, publicHandler } from './http-handler.js';

const context = { awsRequestId: 'request-1', functionName: 'test', getRemainingTimeInMillis: () => 1000 } as Context;

function event(options: { body?: string; claims?: Record<string, string> } = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
  return {
    body: options.body,
    isBase64Encoded: false,
    requestContext: {
      authorizer: options.claims ? { jwt: { claims: options.claims, scopes: [] }, principalId: '', integrationLatency: 0 } : undefined,
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const signedIn = { claims: { sub: 'user-1', email: 'ada@example.com', email_verified: 'true', token_use: 'id' } };

describe('authenticatedHandler', () => {
  const echo = authenticatedHandler({
    body: z.object({ title: z.string().min(1, 'Title is required'), minutes: z.number().int().optional() }),
    handle: async ({ caller, body }) => ({ statusCode: 201, body: { caller, body } }),
  });

  it('passes the caller from the JWT claims and the validated body to the domain call', async () => {
    const response = await echo(event({ ...signedIn, body: JSON.stringify({ title: 'Plan' }) }), context);
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(response.body ?? '')).toEqual({
      caller: { userId: 'user-1', email: 'ada@example.com' },
      body: { title: 'Plan' },
    });
  });

  it('answers 401 when the authorizer supplied no subject', async () => {
    const response = await echo(event({ body: '{}' }), context);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: 'Not authenticated' });
  });

  it('refuses access tokens, which carry no e-mail, with 401', async () => {
    const response = await echo(event({ claims: { sub: 'user-1', token_use: 'access' }, body: '{"title":"x"}' }), context);
    expect(response.statusCode).toBe(401);
  });

  it('ignores an e-mail address Cognito has not verified', async () => {
    const unverified = { claims: { ...signedIn.claims, email_verified: 'false' }, body: '{"title":"x"}' };
    const response = await echo(event(unverified), context);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ caller: { userId: 'user-1', email: '' } });
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

  it('answers 400 for a missing body', async () => {
    const response = await echo(event(signedIn), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: 'Request body is required', fields: [{ field: 'body', message: 'Required' }] });
  });

  it('decodes base64 bodies', async () => {
    const encoded = { ...event(signedIn), body: Buffer.from('{"title":"Encoded"}').toString('base64'), isBase64Encoded: true };
    const response = await echo(encoded, context);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ body: { title: 'Encoded' } });
  });

  it.each([
    [new ForbiddenError(), 403],
    [new NotFoundError('Workspace not found'), 404],
    [new ConflictError(), 409],
  ])('maps %s to its status', async (error, statusCode) => {
    const failing = authenticatedHandler({ handle: async () => Promise.reject(error) });
    const response = await failing(event(signedIn), context);
    expect(response.statusCode).toBe(statusCode);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: error.message });
  });

  it('hides unexpected errors behind a plain 500', async () => {
    const failing = publicHandler(async () => {
      throw new Error('connection string postgres://secret');
    });
    const response = await failing(event(), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(JSON.stringify({ error: 'Internal server error' }));
  });
});
