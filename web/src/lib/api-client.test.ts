import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, apiErrorMessage, createApiClient, joinUrl } from './api-client';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function clientReturning(response: () => Response | Promise<Response>, token: string | null = 'id-token') {
  const calls: Call[] = [];
  const request = createApiClient({
    baseUrl: () => 'https://api.example.com/',
    getToken: async () => token ?? undefined,
    fetch: async (input, init) => {
      calls.push({ url: String(input), init });
      return response();
    },
  });
  return { request, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('joinUrl', () => {
  it('joins with exactly one slash', () => {
    expect(joinUrl('https://a.b/', '/workspaces')).toBe('https://a.b/workspaces');
    expect(joinUrl('https://a.b/prod', 'workspaces')).toBe('https://a.b/prod/workspaces');
  });
});

describe('apiRequest', () => {
  it("reports the authorizer's 401 as 'Not authenticated'", async () => {
    const { request } = clientReturning(() => json({ message: 'Unauthorized' }, 401));
    await expect(request('/workspaces')).rejects.toMatchObject({ status: 401, message: 'Not authenticated' });
  });

  it('sends the ID token and a JSON body, and parses the response with the schema', async () => {
    const { request, calls } = clientReturning(() => json({ id: 'w1', extra: true }, 201));
    const result = await request('/workspaces', { method: 'POST', body: { name: 'Acme' }, schema: z.object({ id: z.string() }) });

    expect(result).toEqual({ id: 'w1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.example.com/workspaces');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"name":"Acme"}');
    expect(calls[0]?.init?.headers).toMatchObject({ authorization: 'Bearer id-token', 'content-type': 'application/json' });
  });

  it('sends no Authorization header without a session and no body for GET', async () => {
    const { request, calls } = clientReturning(() => json({}), null);
    await request('/health');
    expect(calls[0]?.init?.headers).not.toHaveProperty('authorization');
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(calls[0]?.init?.method).toBe('GET');
  });

  it('throws an ApiError with the message and fields of an error body', async () => {
    const { request } = clientReturning(() =>
      json({ error: 'Validation failed', fields: [{ field: 'name', message: 'Workspace Name is required' }] }, 400),
    );
    const error = await request('/workspaces', { method: 'POST', body: { name: '' } }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Validation failed');
    expect(apiError.fieldMessage('name')).toBe('Workspace Name is required');
    expect(apiError.fieldMessage('other')).toBeUndefined();
  });

  it('throws a generic ApiError for an error without a readable body', async () => {
    const { request } = clientReturning(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('/workspaces')).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502', fields: [], hasErrorText: false });
  });

  it('throws when the response does not match the schema', async () => {
    const { request } = clientReturning(() => json({ nope: 1 }));
    await expect(request('/workspaces', { schema: z.object({ workspaces: z.array(z.string()) }) })).rejects.toMatchObject({
      status: 200,
      message: 'The server sent an unexpected response',
    });
  });

  it('throws status 0 when the server cannot be reached', async () => {
    const { request } = clientReturning(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('/workspaces')).rejects.toMatchObject({ status: 0 });
  });
});

describe('apiErrorMessage', () => {
  it("shows the server's text, else the fallback", () => {
    expect(apiErrorMessage(new ApiError(403, 'You do not have permission to do this'), 'Failed')).toBe('You do not have permission to do this');
    expect(apiErrorMessage(new ApiError(502, 'Request failed with status 502', [], false), 'Failed')).toBe('Failed');
    expect(apiErrorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });
});
