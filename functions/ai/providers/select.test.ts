import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configuredProvider } from './select.js';
import { collectEvents } from './collect-events.js';
import type { ProviderRequest } from './types.js';

const secretsManager = mockClient(SecretsManagerClient);
const request: ProviderRequest = { system: 'You help.', today: '2026-11-23', history: [{ role: 'user', text: 'hi' }], tools: [] };

/** The Authorization header of every chat-completions call, answered with an empty stream. */
let authorizations: (string | null)[] = [];

beforeEach(() => {
  authorizations = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    authorizations.push(new Headers(init.headers).get('authorization'));
    return Promise.resolve(new Response('data: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  secretsManager.reset();
});

const endpoint = { OPENAI_BASE_URL: 'https://llm.example.com/v1' };

describe("the OpenAI-compatible endpoint's key", () => {
  it('is read from the Secrets Manager secret the deployment names, once per instance', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'taskflow/openai' }).resolves({ SecretString: 'sk-from-secret\n' });
    for (let reply = 0; reply < 2; reply += 1) {
      await collectEvents((await configuredProvider({ ...endpoint, OPENAI_API_KEY_SECRET_NAME: 'taskflow/openai' })).respond(request));
    }
    expect(authorizations).toEqual(['Bearer sk-from-secret', 'Bearer sk-from-secret']);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('is read again by the next reply when reading it failed', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'taskflow/flaky' }).rejectsOnce(new Error('AccessDenied')).resolves({ SecretString: 'sk-later' });
    await expect(configuredProvider({ ...endpoint, OPENAI_API_KEY_SECRET_NAME: 'taskflow/flaky' })).rejects.toThrow('AccessDenied');
    await collectEvents((await configuredProvider({ ...endpoint, OPENAI_API_KEY_SECRET_NAME: 'taskflow/flaky' })).respond(request));
    expect(authorizations).toEqual(['Bearer sk-later']);
  });

  it('may be a plain OPENAI_API_KEY locally, or none, without asking Secrets Manager', async () => {
    await collectEvents((await configuredProvider({ ...endpoint, OPENAI_API_KEY: 'sk-local' })).respond(request));
    await collectEvents((await configuredProvider(endpoint)).respond(request));
    expect(authorizations).toEqual(['Bearer sk-local', null]);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
