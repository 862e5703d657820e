import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { googleSettings, resetGoogleSettings } from './google-settings.js';

const secretsManager = mockClient(SecretsManagerClient);

// vi.stubEnv: the unit tests share one process.env per worker, and the next file must not find Google configured.
afterAll(() => {
  vi.unstubAllEnvs();
  resetGoogleSettings();
});

/** The deployed settings, with the client secret stored under `secretName`. */
function deployedWith(secretName: string) {
  vi.stubEnv('GOOGLE_CLIENT_ID', 'client.apps.googleusercontent.com');
  vi.stubEnv('GOOGLE_CLIENT_SECRET_NAME', secretName);
  vi.stubEnv('GOOGLE_TOKEN_KMS_KEY_ID', 'arn:aws:kms:eu-west-1:123456789012:key/k');
  vi.stubEnv('WEB_URL', 'https://app.example.com');
  resetGoogleSettings();
  return googleSettings();
}

describe("Google's client secret from Secrets Manager", () => {
  afterEach(() => secretsManager.reset());

  it('is the bare secret, or client_secret of the JSON Google downloads', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'bare' }).resolves({ SecretString: ' s3cret\n' });
    secretsManager.on(GetSecretValueCommand, { SecretId: 'downloaded' }).resolves({ SecretString: '{"web":{"client_id":"x","client_secret":"from-json"}}' });
    expect(await deployedWith('bare').clientSecret()).toBe('s3cret');
    expect(await deployedWith('downloaded').clientSecret()).toBe('from-json');
  });

  it('is refused when the JSON has no client_secret', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: 'other-json' }).resolves({ SecretString: '{"web":{}}' });
    await expect(deployedWith('other-json').clientSecret()).rejects.toThrow('Secret other-json has no client_secret');
  });
});
