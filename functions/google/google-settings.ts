import path from 'node:path';
import { optionalEnv } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { secretString } from '../lib/secrets.js';
import { kmsTokenCipher, localTokenCipher, type TokenCipher } from './token-cipher.js';

/**
 * Where Google is and who we are to it, from the environment. In AWS: GOOGLE_CLIENT_ID, the client secret's
 * name in Secrets Manager (GOOGLE_CLIENT_SECRET_NAME) and the KMS key for refresh tokens
 * (GOOGLE_TOKEN_KMS_KEY_ID). Locally: GOOGLE_CLIENT_SECRET, GOOGLE_TOKEN_KEY_FILE, and GOOGLE_ENDPOINT_URL,
 * the stand-in that answers for accounts.google.com, oauth2.googleapis.com and www.googleapis.com; the
 * handler code is the same either way. Read on first use, so a deployment without Google configured serves
 * every other route and answers these with 503 and a plain reason.
 */
export interface GoogleSettings {
  readonly clientId: string;
  clientSecret(): Promise<string>;
  /** The callback page Google sends the browser back to (registered with the OAuth client). */
  readonly redirectUri: string;
  /** The stand-in's base URL; undefined in AWS (Google's own hosts). */
  readonly endpointUrl: string | undefined;
  readonly tokenCipher: TokenCipher;
}

export class GoogleNotConfiguredError extends HttpError {
  readonly statusCode = 503;
  constructor() {
    super('Google Calendar is not configured for this deployment');
    this.name = 'GoogleNotConfiguredError';
  }
}

export const CALLBACK_PATH = '/integrations/google-calendar/callback';

let settings: GoogleSettings | undefined;

/** The client secret from its Secrets Manager secret: either the bare secret or the JSON Google's console downloads ({"web":{"client_secret":…}}). */
function secretFromSecretsManager(secretName: string): () => Promise<string> {
  return async () => {
    const stored = await secretString(secretName);
    if (!stored.trimStart().startsWith('{')) return stored.trim();
    const parsed = JSON.parse(stored) as { client_secret?: string; web?: { client_secret?: string } };
    const value = parsed.client_secret ?? parsed.web?.client_secret;
    if (!value) throw new Error(`Secret ${secretName} has no client_secret`);
    return value;
  };
}

/** What revoking a stored grant needs: the token key to open it, and where Google is. */
export type GoogleTokenSettings = Pick<GoogleSettings, 'endpointUrl' | 'tokenCipher'>;

let tokenSettings: GoogleTokenSettings | undefined;

/**
 * The token key and Google's address only: all the routes that only revoke grants (leaving, removal,
 * workspace deletion, disconnect) are given, with no client id or secret.
 */
export function googleTokenSettings(): GoogleTokenSettings {
  if (tokenSettings) return tokenSettings;
  const kmsKeyId = optionalEnv('GOOGLE_TOKEN_KMS_KEY_ID');
  const keyFile = optionalEnv('GOOGLE_TOKEN_KEY_FILE');
  if (!(kmsKeyId || keyFile)) throw new GoogleNotConfiguredError();
  tokenSettings = {
    endpointUrl: optionalEnv('GOOGLE_ENDPOINT_URL')?.replace(/\/+$/, ''),
    tokenCipher: kmsKeyId ? kmsTokenCipher(kmsKeyId) : localTokenCipher(path.resolve(keyFile as string)),
  };
  return tokenSettings;
}

export function googleSettings(): GoogleSettings {
  if (settings) return settings;
  const clientId = optionalEnv('GOOGLE_CLIENT_ID');
  const webUrl = optionalEnv('WEB_URL');
  const plainSecret = optionalEnv('GOOGLE_CLIENT_SECRET');
  const secretName = optionalEnv('GOOGLE_CLIENT_SECRET_NAME');
  if (!clientId || !webUrl || !(plainSecret || secretName)) throw new GoogleNotConfiguredError();
  settings = {
    ...googleTokenSettings(),
    clientId,
    clientSecret: plainSecret ? () => Promise.resolve(plainSecret) : secretFromSecretsManager(secretName as string),
    redirectUri: `${webUrl.replace(/\/+$/, '')}${CALLBACK_PATH}`,
  };
  return settings;
}

/** Tests that change the environment start over. */
export function resetGoogleSettings(): void {
  settings = undefined;
  tokenSettings = undefined;
}
