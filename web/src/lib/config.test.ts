import { describe, expect, it } from 'vitest';
import { ConfigError, fetchWebConfig, parseWebConfig } from './config';

const valid = {
  stage: 'local',
  region: 'eu-west-1',
  apiUrl: 'http://localhost:3001',
  webSocketUrl: 'ws://localhost:3002',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

describe('parseWebConfig', () => {
  it('accepts a valid config', () => {
    expect(parseWebConfig(valid)).toEqual(valid);
  });

  it('names every setting that is wrong', () => {
    const { userPoolId: _omitted, ...rest } = valid;
    try {
      parseWebConfig({ ...rest, apiUrl: 'not a url', webSocketUrl: 'http://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^apiUrl: /m);
      expect(problems).toMatch(/^webSocketUrl: must be a ws:\/\/ or wss:\/\/ URL$/m);
      expect(problems).toMatch(/^userPoolId: /m);
    }
  });
});

describe('fetchWebConfig', () => {
  it('loads /config.json', async () => {
    let requested = '';
    const config = await fetchWebConfig(async (input) => {
      requested = String(input);
      return jsonResponse(valid);
    });
    expect(requested).toBe('/config.json');
    expect(config.apiUrl).toBe(valid.apiUrl);
  });

  it('reports a missing file with its status', async () => {
    await expect(fetchWebConfig(async () => jsonResponse('nope', 404))).rejects.toThrow('/config.json could not be loaded (HTTP 404)');
  });

  it('reports a file that is not JSON', async () => {
    await expect(fetchWebConfig(async () => jsonResponse('<!doctype html>'))).rejects.toThrow('/config.json is not valid JSON');
  });

  it('reports a network failure', async () => {
    await expect(
      fetchWebConfig(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('/config.json could not be loaded');
  });
});
