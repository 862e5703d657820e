import { expect, test, type Page } from '@playwright/test';
import { amplifySession, newAccount, PASSWORD, webConfigAt, type Account } from './accounts.js';

export { newEmail, PASSWORD } from './accounts.js';

/**
 * Sign-up, sign-in and workspace steps the end-to-end specs share. Only the specs about signing up, signing in
 * and creating a workspace go through those pages (`register`, `signIn`, `createWorkspaceInTheApp`); the rest
 * start signed in (`signUpNewUser`) with workspaces made through the API (`createWorkspace`).
 */

/** Fills and submits the register form the page shows. */
export async function register(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills and submits the sign-in form the page shows. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The app's address in this run (playwright.config.ts). */
export function appUrl(): string {
  const baseUrl = test.info().project.use.baseURL;
  if (!baseUrl) throw new Error('playwright.config.ts sets no baseURL');
  return baseUrl;
}

/** Writes `entries` into the page's localStorage on the app's origin, before any of the app's code runs there. */
async function writeLocalStorage(page: Page, entries: readonly [string, string][]): Promise<void> {
  // /config.json is on the app's origin but runs none of the app's code.
  if (!page.url().startsWith(new URL(appUrl()).origin)) await page.goto('/config.json');
  await page.evaluate((pairs) => pairs.forEach(([key, value]) => localStorage.setItem(key, value)), entries);
}

/** Signs the page in as `account` (as a sign-in in the app leaves the browser) and opens the dashboard. */
export async function signInAs(page: Page, account: Account): Promise<void> {
  await writeLocalStorage(page, amplifySession(account));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** A new user (tests/e2e/support/accounts.ts), signed in on `page` with the dashboard open; returns the e-mail. */
export async function signUpNewUser(page: Page): Promise<string> {
  const account = await newAccount(await webConfigAt(appUrl()));
  await signInAs(page, account);
  return account.email;
}

/** The ID token of the user signed in on `page`. */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith('CognitoIdentityServiceProvider.') && candidate.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('Nobody is signed in on this page');
  return token;
}

/**
 * Makes a workspace through the API as the user signed in on `page`, makes it the current one (as creating
 * it in the app does) and opens the dashboard in it; returns its id.
 */
export async function createWorkspace(page: Page, name: string): Promise<string> {
  const config = await webConfigAt(appUrl());
  const response = await page.request.post(`${config.apiUrl}/workspaces`, {
    headers: { authorization: `Bearer ${await idTokenOf(page)}` },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { workspace } = (await response.json()) as { workspace: { id: string } };
  await writeLocalStorage(page, [['currentWorkspaceId', workspace.id]]);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('.page-header')).toContainText(name);
  return workspace.id;
}

/** Creates a workspace in the app's own form (it becomes the current one) and waits for the dashboard. */
export async function createWorkspaceInTheApp(page: Page, name: string): Promise<void> {
  await page.goto('/workspaces/new');
  await page.getByLabel('Workspace Name').fill(name);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The choice is saved by an effect after the page changes: wait until it names the new workspace.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate((workspaceName) => {
        const id = localStorage.getItem('currentWorkspaceId');
        return id !== null && document.querySelector('.page-header')?.textContent?.includes(workspaceName) === true;
      }, name),
    )
    .toBe(true);
}
