import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { secretString } from './secrets.js';

const secretsManager = mockClient(SecretsManagerClient);

// Each test reads a secret of its own name: the module keeps what it read for the life of the instance.
describe('secretString', () => {
  afterEach(() => secretsManager.reset());

  it('reads a secret once and keeps it', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'kept' }).resolves({ SecretString: 'value' });
    expect(await Promise.all([secretString('kept'), secretString('kept')])).toEqual(['value', 'value']);
    expect(await secretString('kept')).toBe('value');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('keeps each secret under its own name', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'first' }).resolves({ SecretString: 'one' });
    secretsManager.on(GetSecretValueCommand, { SecretId: 'second' }).resolves({ SecretString: 'two' });
    expect([await secretString('first'), await secretString('second')]).toEqual(['one', 'two']);
  });

  it('forgets a failed read, so the next use asks again', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'flaky' }).rejectsOnce(new Error('throttled')).resolves({ SecretString: 'value' });
    await expect(secretString('flaky')).rejects.toThrow('throttled');
    expect(await secretString('flaky')).toBe('value');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('refuses a secret that holds no string (a binary secret)', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'binary' }).resolves({ SecretBinary: new Uint8Array([1]) });
    await expect(secretString('binary')).rejects.toThrow('Secret binary holds no string');
  });
});
