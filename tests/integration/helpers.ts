import { randomUUID } from 'node:crypto';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import WebSocket from 'ws';
import { signIn, signInTokens, signUp } from '../../local/cognito-users.js';
import type { WebConfig } from '../../shared/web-config.js';
import { totpCode } from '../support/totp.js';

export interface TestUser {
  readonly email: string;
  readonly idToken: string;
}

/** Signs a fresh user up and in through cognito-local, as the web app does (a new address unless given). */
export async function signUpAndSignIn(config: WebConfig, email = `user-${randomUUID()}@example.com`): Promise<TestUser> {
  await signUp(config, email, TEST_PASSWORD);
  return { email, idToken: await signIn(config, email, TEST_PASSWORD) };
}

/** The password of every account signUpAndSignIn makes. */
export const TEST_PASSWORD = 'Correct-horse-9';

/** Turns two-factor sign-in on for the account as Settings does (through the user pool), and returns its authenticator key. */
export async function turnOnTwoFactor(config: WebConfig, user: TestUser): Promise<string> {
  const client = new CognitoIdentityProviderClient({ endpoint: config.userPoolEndpoint, region: config.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const { accessToken } = await signInTokens(config, user.email, TEST_PASSWORD);
    const { SecretCode: secret } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!secret) throw new Error('No authenticator key');
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret) }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    return secret;
  } finally {
    client.destroy();
  }
}

export interface ApiResponse {
  readonly status: number;
  readonly body: unknown;
}

/** Calls the local HTTP API with the user's token (or none). */
export async function callApi(
  config: WebConfig,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${config.apiUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/**
 * The user's WebSocket to the local realtime API, open: a one-use ticket from the HTTP API goes in the URL,
 * as the web app sends it (no token travels in a URL).
 */
export async function openSocket(config: WebConfig, token: string): Promise<WebSocket> {
  const issued = await callApi(config, 'POST', '/realtime/tickets', { token });
  if (issued.status !== 201) throw new Error(`No socket ticket: ${issued.status} ${JSON.stringify(issued.body)}`);
  const { ticket } = issued.body as { ticket: string };
  const socket = new WebSocket(`${config.webSocketUrl}?ticket=${encodeURIComponent(ticket)}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}
