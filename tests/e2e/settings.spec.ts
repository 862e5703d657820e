import { expect, test } from '@playwright/test';
import { totpCode } from '../support/totp.js';
import { createWorkspace, PASSWORD, signIn, signUpNewUser } from './support/users.js';

test('settings: display name, time zones and notifications are saved with the profile; the clock follows', async ({ page }) => {
  await signUpNewUser(page);
  await page.getByRole('complementary', { name: 'AI Assistant' }).getByRole('button', { name: 'Close AI chat' }).click();
  await page.goto('/settings');
  // Errors wait until a field is left or Save is pressed; Save then goes to the first wrong field.
  await page.getByLabel('Display Name').fill('');
  await page.getByLabel('Secondary time zone').fill('Mars/Base');
  await expect(page.getByText('Choose a time zone from the list, such as Europe/Berlin')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Display Name is required')).toBeVisible();
  await expect(page.getByText('Choose a time zone from the list, such as Europe/Berlin')).toBeVisible();
  await expect(page.getByLabel('Display Name')).toBeFocused();
  await page.getByLabel('Display Name').fill('Ada Lovelace');
  // A zone typed in any case is named as the list names it once the field is left.
  await page.getByLabel('Secondary time zone').fill('asia/tokyo');
  await page.getByLabel('Secondary time zone').blur();
  await expect(page.getByLabel('Secondary time zone')).toHaveValue('Asia/Tokyo');
  await expect(page.getByText('Display Name is required')).toHaveCount(0);
  await page.getByLabel('Email notifications').uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Changes saved successfully!' });
  await expect(saved).toBeVisible();
  await expect(page.getByTitle('Open the time zone planner')).toContainText('Tokyo');
  await expect(saved).toBeHidden({ timeout: 5000 });

  // The name is shown where the user's name is: the user menu.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.locator('.user-menu-name')).toHaveText('Ada Lovelace');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByLabel('Display Name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Secondary time zone')).toHaveValue('Asia/Tokyo');
  await expect(page.getByLabel('Email notifications')).not.toBeChecked();
  await expect(page.getByLabel('Due date reminders')).toBeChecked();

  // The theme applies at once, as from the header's menu.
  await page.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('password change: mismatch, a wrong current password, then a new password that signs in', async ({ page }) => {
  const email = await signUpNewUser(page);
  await page.goto('/settings');
  const form = page.getByRole('region', { name: 'Change Password' });
  const fill = async (current: string, next: string, confirm: string) => {
    await form.getByLabel('Current Password').fill(current);
    await form.getByLabel('New Password', { exact: true }).fill(next);
    await form.getByLabel('Confirm New Password').fill(confirm);
    await form.getByRole('button', { name: 'Change Password' }).click();
  };
  await fill(PASSWORD, 'Another-horse-7', 'Another-horse-8');
  await expect(form.getByRole('alert')).toHaveText('New passwords do not match');
  await fill('Wrong-horse-1', 'Another-horse-7', 'Another-horse-7');
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');
  await fill(PASSWORD, 'Another-horse-7', 'Another-horse-7');
  await expect(form.getByRole('status')).toHaveText('Your password was changed.');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, email, 'Another-horse-7');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('two-factor sign-in: set up with an authenticator app, asked for at sign-in, required by a workspace, turned off with the password and a code', async ({ page }) => {
  const email = await signUpNewUser(page);
  await createWorkspace(page, 'Vault Crew');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Two-Factor Authentication' });
  await expect(card).toContainText('Off.');
  await card.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  const secret = (await card.getByLabel('Authenticator key').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(card.getByRole('link', { name: 'open it in your authenticator app' })).toHaveAttribute('href', new RegExp(`^otpauth://totp/TaskFlow:.*secret=${secret}`));
  await card.getByLabel('Code from the app').fill('000000' === totpCode(secret) ? '111111' : '000000');
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByRole('alert')).toHaveText('That code is not right, or it has expired. Enter the code your app shows now.');
  await card.getByLabel('Code from the app').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByRole('status')).toHaveText('On: signing in asks for your password and a code from your authenticator app.');

  // With it on, the owner can require it of the workspace's owners and admins.
  await page.goto('/workspaces/settings');
  const requirement = page.getByRole('region', { name: 'Two-Factor Sign-In' });
  await requirement.getByRole('checkbox', { name: 'Owners and admins must sign in with two-factor authentication' }).check();
  await expect(requirement.getByRole('checkbox', { name: 'Owners and admins must sign in with two-factor authentication' })).toBeChecked();
  await expect(requirement.getByRole('checkbox')).toBeEnabled();

  // Signing in now takes the code too.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, email);
  await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() - 60_000 * 10));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right, or it has expired. Enter the code your app shows now.');
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Off again: the password alone is not enough, and the card says which workspace will then refuse its owner.
  await page.goto('/settings');
  await expect(card).toContainText('Vault Crew requires it of owners and admins: without it you cannot open that workspace until you turn it on again.');
  await card.getByLabel('Password').fill(PASSWORD);
  await card.getByLabel('Code from the app').fill(totpCode(secret, Date.now() - 60_000 * 10));
  await card.getByRole('button', { name: 'Turn Off' }).click();
  await expect(card.getByRole('alert')).toHaveText('The password or the code is not right.');
  await card.getByLabel('Code from the app').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Turn Off' }).click();
  await expect(card).toContainText('Off.');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});
