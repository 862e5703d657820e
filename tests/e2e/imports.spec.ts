import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createWorkspace, signUpNewUser } from './support/users.js';

/** The hand-written Trello board export of the import readers' tests (tests/fixtures/imports). */
const trelloBoard = fileURLToPath(new URL('../fixtures/imports/trello-board.json', import.meta.url));

/** Import (issue 39): a Trello board checked, imported in the background and there; the same file again is asked about first. */
test('/workspaces/import: a Trello board is previewed, imported and its project listed; importing it again asks first', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Import Team');
  await page.goto('/workspaces/settings');
  await page.getByRole('link', { name: 'Open Import' }).click();
  await expect(page).toHaveURL(/\/workspaces\/import$/);

  await expect(page.getByRole('radio', { name: 'Trello board (JSON)' })).toBeChecked();
  await page.getByLabel('File').setInputFiles(trelloBoard);
  await page.getByRole('button', { name: 'Continue' }).click();
  const job = page.getByRole('region', { name: 'Import of trello-board.json' });
  // Nothing is written before Start: the preview says what will be.
  const preview = job.getByRole('list', { name: 'What will be created' });
  await expect(preview).toContainText('1 project', { timeout: 30_000 });
  await expect(preview).toContainText('6 tasks');
  await expect(preview).toContainText('2 sub-tasks');
  await expect(job.getByRole('list', { name: 'What cannot be kept' })).toBeVisible();

  await job.getByRole('button', { name: 'Start import' }).click();
  const created = job.getByRole('list', { name: 'Created' });
  await expect(created).toContainText('6 tasks', { timeout: 30_000 });
  await expect(created).toContainText('1 comment');
  await job.getByRole('link', { name: 'Go to Projects' }).click();
  await expect(page.getByText('Website relaunch').first()).toBeVisible();

  // The same file again: asked first, and Cancel imports nothing.
  await page.goto('/workspaces/import');
  await page.getByLabel('File').setInputFiles(trelloBoard);
  await page.getByRole('button', { name: 'Continue' }).click();
  const question = page.getByRole('alertdialog', { name: 'Import this file again?' });
  await expect(question).toContainText('already imported');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('list', { name: 'Recent imports' }).getByRole('listitem')).toHaveCount(1);
});
