import { expect, test } from '@playwright/test';
import { webConfigAt } from './support/accounts.js';
import { appUrl, createWorkspace, signUpNewUser } from './support/users.js';

test('API tokens: made in Settings, the secret shown once works against the API, and Revoke stops it at once', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Token Team');
  const { apiUrl } = await webConfigAt(appUrl());
  const callWith = async (secret: string) => (await page.request.get(`${apiUrl}/workspaces`, { headers: { authorization: `Bearer ${secret}` } })).status();

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'API tokens' });
  await expect(card.getByText('No API tokens yet.')).toBeVisible();
  await card.getByLabel('Name').fill('Nightly report');
  await card.getByLabel('Workspace').selectOption({ label: 'Token Team' });
  await card.getByLabel('Expires').selectOption({ label: '30 days' });
  // The workspace does not allow tokens that never expire.
  await expect(card.getByLabel('Expires').getByRole('option', { name: 'Never' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Create token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new API token' });
  const secret = await dialog.getByLabel('API token').inputValue();
  expect(secret).toMatch(/^tf_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(await callWith(secret)).toBe(200);

  await page.reload();
  const entry = card.getByRole('listitem').filter({ hasText: 'Nightly report' });
  await expect(entry).toContainText('Token Team');
  await expect(entry).not.toContainText(secret);
  await entry.getByRole('button', { name: 'Revoke Nightly report' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke API token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(card.getByText('No API tokens yet.')).toBeVisible();
  expect(await callWith(secret)).toBe(401);
});
