import { describe, expect, it } from 'vitest';
import { httpRoutes, type HttpRoute } from '../shared/routes.js';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { compileRoute, contractViolation, createHttpGateway, matchRoute, REQUEST_LINE_AND_HEADERS_LIMIT, type HttpGatewayOptions } from './http-gateway.js';

const route = (method: HttpRoute['method'], path: string): HttpRoute => ({ name: path, method, path, handler: 'x', auth: 'user', dataAccess: 'read', status: 200 });

describe('local route matching', () => {
  const routes = [route('GET', '/workspaces'), route('GET', '/workspaces/{workspaceId}'), route('GET', '/files/{key+}')].map(
    compileRoute,
  );

  it('extracts and decodes path parameters', () => {
    expect(matchRoute(routes, 'GET', '/workspaces/a%20b')).toMatchObject({ pathParameters: { workspaceId: 'a b' } });
  });

  it('matches greedy parameters across segments', () => {
    expect(matchRoute(routes, 'GET', '/files/a/b/c')).toMatchObject({ pathParameters: { key: 'a/b/c' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute(routes, 'DELETE', '/workspaces')).toBe('method-not-allowed');
    expect(matchRoute(routes, 'GET', '/workspaces/1/extra')).toBeUndefined();
  });

  it('reports a broken %-escape instead of throwing, so the gateway answers 400 rather than 500', () => {
    expect(matchRoute(routes, 'GET', '/workspaces/%E0%A4%A')).toBe('malformed');
  });
});

describe('the route table', () => {
  it('has unique names and unique method + path pairs', () => {
    expect(new Set(httpRoutes.map((entry) => entry.name)).size).toBe(httpRoutes.length);
    expect(new Set(httpRoutes.map((entry) => `${entry.method} ${entry.path}`)).size).toBe(httpRoutes.length);
  });

  it('reaches every route through the local matcher', () => {
    const compiled = httpRoutes.map(compileRoute);
    for (const entry of httpRoutes) {
      const concretePath = entry.path.replace(/\{\w+\+?\}/g, 'id-1');
      expect(matchRoute(compiled, entry.method, concretePath)).toMatchObject({ route: entry });
    }
  });
});

describe('the contract check of answers', () => {
  const thing: HttpRoute = { ...route('GET', '/things'), response: z.object({ thing: z.object({ id: z.string() }) }) };

  it('passes an answer that matches the route, gzipped or not, and leaves errors alone', () => {
    const body = JSON.stringify({ thing: { id: 't1' } });
    expect(contractViolation(thing, { statusCode: 200, body })).toBeUndefined();
    const gzipped = { statusCode: 200, body: gzipSync(body).toString('base64'), isBase64Encoded: true, headers: { 'content-encoding': 'gzip' } };
    expect(contractViolation(thing, gzipped)).toBeUndefined();
    expect(contractViolation(thing, { statusCode: 404, body: '{"error":"Not found"}' })).toBeUndefined();
  });

  it('names what is wrong with an answer that does not match', () => {
    expect(contractViolation(thing, { statusCode: 200, body: JSON.stringify({ thing: { id: 7 } }) })).toMatch(/^thing\.id: /);
    expect(contractViolation(thing, { statusCode: 201, body: '{}' })).toBe('status 201, the route answers 200');
    expect(contractViolation({ ...route('DELETE', '/things'), status: 204 }, { statusCode: 204, body: '{}' })).toBe('a body on a route that has none');
  });
});

/** Runs `use` against a gateway listening on a free loopback port (no token verifies), then closes it. */
async function withGateway(options: Omit<HttpGatewayOptions, 'authorize'>, use: (origin: string) => Promise<void>): Promise<void> {
  const server = createHttpGateway({ ...options, authorize: () => Promise.resolve({ via: 'refused' }) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    await use(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('idle connections', () => {
  it('stay open far longer than Node’s 5 s, so a client reusing one is not reset mid-request', () => {
    const server = createHttpGateway({ routes: [], authorize: () => Promise.resolve({ via: 'refused' }) });
    expect(server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});

describe('local-only pages', () => {
  it('answers them without CORS headers, while API answers keep them', async () => {
    const localEndpoints: HttpGatewayOptions['localEndpoints'] = async (_method, url) =>
      url.pathname === '/_local/outbox.json' ? { statusCode: 200, contentType: 'application/json', body: '[]' } : undefined;
    await withGateway({ routes: [], localEndpoints }, async (origin) => {
      const page = await fetch(`${origin}/_local/outbox.json`, { headers: { origin: 'https://evil.example' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${origin}/workspaces`, { method: 'OPTIONS' });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    });
  });
});

describe('oversized requests', () => {
  it("refuses a request line or headers over API Gateway's 10 KB quota with 414 or 431, never by dropping the connection", async () => {
    await withGateway({ routes: [route('GET', '/workspaces')] }, async (origin) => {
      const base = `${origin}/workspaces`;
      // 40 KB: past Node's own 16 KB default, which used to reset the connection mid-write.
      const longQuery = await fetch(`${base}?q=${'x'.repeat(40_000)}`);
      expect(longQuery.status).toBe(414);
      expect(await longQuery.json()).toEqual({ message: 'URI Too Long' });
      const longHeader = await fetch(base, { headers: { 'x-padding': 'y'.repeat(REQUEST_LINE_AND_HEADERS_LIMIT) } });
      expect(longHeader.status).toBe(431);
      // Just under the quota it reaches the route (here: the authorizer, which refuses the missing token).
      const fits = await fetch(`${base}?q=${'x'.repeat(REQUEST_LINE_AND_HEADERS_LIMIT - 1_000)}`);
      expect(fits.status).toBe(401);
    });
  });
});
