import { test as base, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { signInTokens, signUp, type SignInTokens } from '../../../local/cognito-users.js';
import type { WebConfig } from '../../../shared/web-config.js';

/**
 * Accounts for the end-to-end tests, made through the user pool's API and the HTTP API as the app makes them
 * (no browser needed, so a worker fixture can arrange data once for many tests), and the browser storage
 * that signs a page in as one of them.
 */

export const PASSWORD = 'Correct-horse-9';

export function newEmail(): string {
  return `e2e-${randomUUID().slice(0, 8)}@example.com`;
}

/** The deployment's /config.json, as the app reads it. */
export async function webConfigAt(baseUrl: string): Promise<WebConfig> {
  const response = await fetch(new URL('/config.json', baseUrl));
  if (!response.ok) throw new Error(`GET /config.json → ${response.status}`);
  return (await response.json()) as WebConfig;
}

export interface Account {
  readonly email: string;
  readonly tokens: SignInTokens;
  readonly config: WebConfig;
  /** Calls the HTTP API as this user; a status of 400 or more throws with the answer. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Creates something and answers its id (the answer is `{ [key]: { id, … } }`). */
  create(path: string, body: unknown, key: string): Promise<string>;
}

function accountOf(config: WebConfig, email: string, tokens: SignInTokens): Account {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${config.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    email,
    tokens,
    config,
    call,
    async create(path, body, key) {
      const answer = await call<Record<string, { id: string } | undefined>>('POST', path, body);
      const id = answer[key]?.id;
      if (!id) throw new Error(`POST ${path} answered no ${key}`);
      return id;
    },
  };
}

/**
 * A new user, signed up and in through the user pool's API (as the sign-up page does), whose first listing
 * of workspaces has been answered (it makes their profile, by which Add Member and invitations find them).
 */
export async function newAccount(config: WebConfig, email = newEmail()): Promise<Account> {
  await signUp(config, email, PASSWORD);
  const account = accountOf(config, email, await signInTokens(config, email, PASSWORD));
  await account.call('GET', '/workspaces');
  return account;
}

/** What Amplify keeps in localStorage after a USER_PASSWORD_AUTH sign-in (its TokenStore's keys). */
export function amplifySession(account: Account): [string, string][] {
  const prefix = `CognitoIdentityServiceProvider.${account.config.userPoolClientId}`;
  const { email, tokens } = account;
  return [
    [`${prefix}.LastAuthUser`, email],
    [`${prefix}.${email}.idToken`, tokens.idToken],
    [`${prefix}.${email}.accessToken`, tokens.accessToken],
    [`${prefix}.${email}.refreshToken`, tokens.refreshToken],
    [`${prefix}.${email}.clockDrift`, '0'],
    [`${prefix}.${email}.signInDetails`, JSON.stringify({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' })],
  ];
}

/** A browser context's storage state in which `account` is signed in (and `workspaceId`, if given, is current). */
export function signedInState(baseUrl: string, account: Account, workspaceId?: string) {
  const entries = [...amplifySession(account), ...(workspaceId ? [['currentWorkspaceId', workspaceId] as [string, string]] : [])];
  return {
    cookies: [],
    origins: [{ origin: new URL(baseUrl).origin, localStorage: entries.map(([name, value]) => ({ name, value })) }],
  };
}

/** A workspace arranged through the API for a worker's tests: its owner and its id, with what else `arrange` made. */
export interface ArrangedWorkspace {
  readonly account: Account;
  readonly workspaceId: string;
}

/**
 * `test`, with a workspace arranged once per worker by `arrange` (for tests that only read it, e.g. page
 * sweeps), and every page opened signed in as its owner, in it: `page` a new one per test, `workerPage` one
 * kept for all of the worker's tests, which keeps the browser's cache between them as one user's tab would
 * (a sweep that loads a page per test then costs a load, not a new browser context and a cold start).
 */
export function testInArrangedWorkspace<Arranged extends ArrangedWorkspace>(arrange: (account: Account) => Promise<Arranged>) {
  return base.extend<object, { arranged: Arranged; workerPage: Page }>({
    arranged: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
      async ({}, use, workerInfo) => {
        await use(await arrange(await newAccount(await webConfigAt(workerInfo.project.use.baseURL ?? ''))));
      },
      { scope: 'worker' },
    ],
    workerPage: [
      async ({ browser, arranged }, use, workerInfo) => {
        const { baseURL = '', viewport, reducedMotion } = workerInfo.project.use;
        const context = await browser.newContext({
          baseURL,
          storageState: signedInState(baseURL, arranged.account, arranged.workspaceId),
          ...(viewport ? { viewport } : {}),
          ...(reducedMotion ? { reducedMotion } : {}),
        });
        await use(await context.newPage());
        await context.close();
      },
      { scope: 'worker' },
    ],
    storageState: async ({ arranged, baseURL }, use) => {
      await use(signedInState(baseURL ?? '', arranged.account, arranged.workspaceId));
    },
  });
}
