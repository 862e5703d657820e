import { expect, test } from '@playwright/test';
import { createWorkspace, signIn, signUpNewUser } from './support/users.js';

test('a link added as example.com is stored as https and listed under its category; edited, found, deleted', async ({ page, browser }) => {
  const email = await signUpNewUser(page);
  await createWorkspace(page, 'Link Team');
  await page.goto('/links');
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  await expect(page.getByText('No links yet.')).toBeVisible();
  // The same user in a second browser, on the same page: what is added here shows there without a reload.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/auth/login');
  await signIn(other, email);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.goto('/links');
  await expect(other.getByText('No links yet.')).toBeVisible();

  const form = page.getByRole('region', { name: 'Add Link' });
  const save = form.getByRole('button', { name: 'Save Link' });
  await expect(save).toBeDisabled();
  await form.getByLabel('URL').fill('example.com');
  await expect(save).toBeDisabled(); // no category yet
  await form.getByLabel('Category').selectOption('Design Tools');
  await form.getByLabel('Title (optional)').fill('Example');
  await save.click();
  await expect(form.getByRole('status')).toHaveText('Link saved successfully!');
  await expect(form.getByLabel('URL')).toHaveValue('');

  const group = page.getByRole('region', { name: 'Design Tools' });
  const link = group.getByRole('link', { name: /Example/ });
  await expect(link).toHaveAttribute('href', 'https://example.com/');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  // The notice goes after 3 seconds.
  await expect(form.getByRole('status')).toBeHidden({ timeout: 5000 });

  await expect(other.getByRole('region', { name: 'Design Tools' }).getByRole('link', { name: /Example/ })).toHaveAttribute('href', 'https://example.com/');
  await otherContext.close();

  // Edit moves it to another category; search and the category filter find it.
  await group.getByRole('button', { name: 'Edit Example' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Link' });
  await dialog.getByLabel('Category').selectOption('Business');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  const business = page.getByRole('region', { name: 'Business' });
  await expect(business.getByRole('link', { name: /Example/ })).toBeVisible();
  await page.getByLabel('Search links').fill('nothing like it');
  await expect(page.getByText('No links match.')).toBeVisible();
  await page.getByLabel('Search links').fill('exam');
  await page.getByLabel('Category filter').selectOption('Business');
  await expect(business.getByRole('link', { name: /Example/ })).toBeVisible();

  await business.getByRole('button', { name: 'Delete Example' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this link?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No links yet.')).toBeVisible();
});
