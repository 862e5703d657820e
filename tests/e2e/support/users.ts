import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** Sign-up, sign-in and workspace steps the end-to-end specs share. */

export const PASSWORD = 'Correct-horse-9';

export function newEmail(): string {
  return `e2e-${randomUUID().slice(0, 8)}@example.com`;
}

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

/**
 * A new user, signed in on the dashboard, whose first listing of workspaces has been answered (it makes
 * their profile, by which Add Member and invitations find the account); returns the e-mail.
 */
export async function signUpNewUser(page: Page): Promise<string> {
  const email = newEmail();
  await page.goto('/auth/register');
  const listed = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/workspaces');
  await register(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await listed).status()).toBe(200);
  return email;
}

/** Creates a workspace (it becomes the current one) and waits for the dashboard. */
export async function createWorkspace(page: Page, name: string): Promise<void> {
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
