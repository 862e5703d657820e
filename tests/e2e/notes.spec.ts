import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}

test('/notes: a note created here appears in its project; search, filter, move to another project, delete', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Note Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project: apollo } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { project: zephyr } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Zephyr' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${apollo.id}/notes`, { title: 'Minutes', content: 'We decided **everything**.' });

  await page.goto('/notes');
  const minutes = page.getByRole('article', { name: 'Minutes' });
  await expect(minutes).toContainText('Apollo');
  await expect(minutes).toContainText('Just now');
  await expect(minutes.locator('strong')).toHaveText('everything');
  // A note written elsewhere shows here without a reload, by its push.
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${zephyr.id}/notes`, { title: 'Pushed note', content: 'x' });
  await expect(page.getByRole('article', { name: 'Pushed note' })).toBeVisible();

  // New Note in Zephyr, with markdown.
  await page.getByRole('button', { name: 'New Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Note' });
  await dialog.getByLabel('Title').fill('Launch plan');
  await dialog.getByLabel('Project').selectOption({ label: 'Zephyr' });
  await dialog.getByLabel('Content (Markdown)').fill('# Plan\n\nInvite the press.');
  await dialog.getByRole('button', { name: 'Create Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Launch plan' })).toContainText('Zephyr');

  // Search (title and content) and the project filter.
  await page.getByLabel('Search notes').fill('press');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Launch plan' })).toBeVisible();
  await page.getByLabel('Search notes').fill('');
  await page.getByLabel('Project').selectOption({ label: 'Apollo' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Project').selectOption({ label: 'All Projects' });

  // Edit moves Minutes to Zephyr.
  await minutes.getByRole('button', { name: 'Edit note Minutes' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Note' });
  await edit.getByLabel('Project').selectOption({ label: 'Zephyr' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('article', { name: 'Minutes' })).toContainText('Zephyr');

  // Both are in Zephyr's Notes tab.
  await page.goto(`/projects/${zephyr.id}`);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('article', { name: 'Launch plan' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Minutes' })).toBeVisible();

  // Delete asks first.
  await page.goto('/notes');
  await page.getByRole('article', { name: 'Launch plan' }).getByRole('button', { name: 'Delete note Launch plan' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this note?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: 'Launch plan' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
});
