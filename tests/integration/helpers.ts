import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { WebConfig } from '../../shared/web-config.js';

export interface TestUser {
  readonly email: string;
  readonly idToken: string;
}

/** Signs a fresh user up and in through cognito-local, as the web app does. */
export async function signUpAndSignIn(config: WebConfig): Promise<TestUser> {
  const client = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const email = `user-${randomUUID()}@example.com`;
  const password = 'Correct-horse-9';
  await client.send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  client.destroy();
  const idToken = auth.AuthenticationResult?.IdToken;
  if (!idToken) throw new Error('Sign-in returned no ID token');
  return { email, idToken };
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
