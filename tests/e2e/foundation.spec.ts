import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parseCodeDelivery } from '../../local/cognito-local.js';
import { createWorkspaceInTheApp, newEmail, PASSWORD, register, signIn } from './support/users.js';

/** The reset code cognito-local "mailed", from its log in the e2e stack's data folder. */
async function resetCodeFor(email: string): Promise<string> {
  const logFile = path.join(process.env.E2E_DATA_DIR ?? '', 'logs', 'cognito-local.log');
  let code: string | undefined;
  await expect
    .poll(() => {
      code = readFileSync(logFile, 'utf8')
        .split('\n')
        .map(parseCodeDelivery)
        .findLast((delivery) => delivery?.operation === 'ForgotPassword' && delivery.destination === email)?.code;
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

test('a newcomer signs up, creates a workspace, and finds it again after a reload and a new sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();

  // The guard sends a signed-out visitor to sign in, remembering where they were going.
  await page.goto('/workspaces/new');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fworkspaces%2Fnew$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  const email = newEmail();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('Something-else-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  await register(page, email);
  await expect(page).toHaveURL(/\/workspaces\/new$/);
  // An empty name is stopped by the browser's own required-field check.
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/workspaces\/new$/);
  expect(await page.getByLabel('Workspace Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await page.getByLabel('Workspace Name').fill('Acme Rocket Team');
  await page.getByRole('button', { name: 'Create Workspace' }).click();

  // Create Workspace goes to /, which sends a signed-in user on to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Acme Rocket Team');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Acme Rocket Team' })).toBeVisible();
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('region', { name: 'General' }).getByText('acme-rocket-team', { exact: true })).toBeVisible();

  // A second workspace becomes current; switching back is remembered across reloads.
  await createWorkspaceInTheApp(page, 'Beta Crew');
  await expect(page.getByRole('button', { name: 'Beta Crew' })).toBeVisible();
  await page.getByRole('button', { name: 'Beta Crew' }).click();
  const workspaces = page.getByRole('group', { name: 'Your Workspaces' });
  await expect(workspaces).toBeVisible();
  await expect(workspaces.getByRole('menuitemradio', { name: 'Beta Crew' })).toHaveAttribute('aria-checked', 'true');
  await workspaces.getByRole('menuitemradio', { name: 'Acme Rocket Team' }).click();
  await expect(page.getByRole('button', { name: 'Acme Rocket Team' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Acme Rocket Team' })).toBeVisible();

  // Sign out, then sign in from a deep link: back to that page, with the workspaces still there.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/workspaces/settings');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fworkspaces%2Fsettings$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/workspaces\/settings$/);
  await expect(page.getByRole('region', { name: 'General' }).getByText('Acme Rocket Team', { exact: true })).toBeVisible();
});

test('a user resets a forgotten password with the mailed code and signs in with the new one', async ({ page }) => {
  const email = newEmail();
  await page.goto('/auth/register');
  await register(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset instructions' }).click();
  await expect(page.getByText('Check your email for password reset instructions')).toBeVisible();
  await expect(page.getByLabel('Code')).toBeFocused();

  const newPassword = 'Brand-new-pass-7';
  await page.getByLabel('Code').fill(await resetCodeFor(email));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a workspace created in one browser appears in another browser of the same user without a reload', async ({ page, browser }) => {
  const email = newEmail();
  await page.goto('/auth/register');
  await register(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await createWorkspaceInTheApp(page, 'Alpha Squad');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/auth/login');
  await signIn(other, email);
  await expect(other.getByRole('button', { name: 'Alpha Squad' })).toBeVisible();

  await createWorkspaceInTheApp(page, 'Gamma Guild');
  await other.getByRole('button', { name: 'Alpha Squad' }).click();
  await expect(other.getByRole('menuitemradio', { name: 'Gamma Guild' })).toBeVisible();
  await otherContext.close();
});

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  // Room for the header's Theme button beside the sidebar and the chat panel (narrower, it is under More).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/auth/register');
  await register(page, newEmail());
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('moving to another page puts focus on its heading, so a screen reader announces the page', async ({ page }) => {
  await page.goto('/auth/register');
  await register(page, newEmail());
  await expect(page).toHaveURL(/\/dashboard$/);
  await createWorkspaceInTheApp(page, 'Focus Team');
  // The dashboard after a redirect through / (the shell mounts afresh): its heading, not <body>.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).press('Enter');
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
  // The next Tab goes on in the new page, not back in the sidebar.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);

  // The page the browser opened keeps the browser's own start.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).not.toBeFocused();
});

test('the landing page has the six feature groups and does not scroll sideways on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const groups = page.getByRole('region', { name: 'Built for the whole week' });
  await expect(groups.getByRole('region')).toHaveCount(6);
  await expect(groups.getByRole('heading', { level: 3 })).toHaveText(['Plan', 'Track', 'Collaborate', 'Focus', 'Ask the assistant', 'Organize knowledge']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The phone menu opens from its button and Escape closes it, focus back on the button.
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link').first().focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(menuButton).toBeFocused();
});
