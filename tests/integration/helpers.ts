import { randomUUID } from 'node:crypto';
import { signIn, signUp } from '../../local/cognito-users.js';
import type { WebConfig } from '../../shared/web-config.js';

export interface TestUser {
  readonly email: string;
  readonly idToken: string;
}

/** Signs a fresh user up and in through cognito-local, as the web app does (a new address unless given). */
export async function signUpAndSignIn(config: WebConfig, email = `user-${randomUUID()}@example.com`): Promise<TestUser> {
  const password = 'Correct-horse-9';
  await signUp(config, email, password);
  return { email, idToken: await signIn(config, email, password) };
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
