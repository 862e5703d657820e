import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGoogleSettings } from './google-settings.js';
import { revokeGrant } from './revoke-grant.js';

/**
 * The revocation against a stand-in for Google's revoke endpoint on a local port, answering each request with
 * the next status of a script: what is retried, what counts as revoked, what fails.
 */
describe('revokeGrant', () => {
  let server: http.Server;
  let script: number[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        tokens.push(new URLSearchParams(body).get('token') ?? '');
        response.writeHead(script.shift() ?? 200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // vi.stubEnv, never a replaced process.env: the unit tests share one process.env per worker, and Vitest's
    // stubEnv and unstubAllEnvs delete a variable from the process.env object the worker started with, so
    // after `process.env = copy` a later file's unset stub (e.g. ORIGIN_VERIFY_SECRET) would stay set.
    vi.stubEnv('GOOGLE_CLIENT_ID', 'client');
    vi.stubEnv('GOOGLE_CLIENT_SECRET', 'secret');
    vi.stubEnv('WEB_URL', 'http://localhost');
    vi.stubEnv('GOOGLE_TOKEN_KEY_FILE', '/tmp/unused-key');
    vi.stubEnv('GOOGLE_ENDPOINT_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    resetGoogleSettings();
  });
  afterAll(() => {
    server.close();
    vi.unstubAllEnvs();
    resetGoogleSettings();
  });
  beforeEach(() => {
    tokens.length = 0;
  });

  it('posts the token in a form; 200, and 400 (a grant Google no longer knows), count as revoked', async () => {
    script = [200];
    await revokeGrant('refresh-1');
    script = [400];
    await revokeGrant('refresh-2');
    expect(tokens).toEqual(['refresh-1', 'refresh-2']);
  });

  it('asks again after 429 and 5xx, three times in all, then fails', async () => {
    script = [503, 429, 200];
    await revokeGrant('refresh-3');
    expect(tokens).toHaveLength(3);
    tokens.length = 0;
    script = [500, 502, 503];
    await expect(revokeGrant('refresh-4')).rejects.toThrow('Google answered 503 to the revocation');
    expect(tokens).toHaveLength(3);
  });

  it('does not ask again what Google refused for good, nor after the caller gave up', async () => {
    script = [401];
    await expect(revokeGrant('refresh-5')).rejects.toThrow('Google answered 401');
    expect(tokens).toHaveLength(1);
    await expect(revokeGrant('refresh-6', AbortSignal.abort())).rejects.toThrow();
    expect(tokens).toHaveLength(1);
  });
});
