import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface TaskBody {
  id: string;
  version: number;
}

async function currentWorkspaceId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!id) throw new Error('No current workspace');
  return id;
}

test('a task blocked by a task of another project shows Blocked until that one is done, even when another tab completes it', async ({ page, browser }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Chain Team');
  const workspaceId = await currentWorkspaceId(page);
  const project = async (name: string) => (await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name })).project.id;
  const [design, build] = [await project('Design'), await project('Build')];
  const task = async (projectId: string, title: string) => (await callApiAs<{ task: TaskBody }>(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { title })).task;
  const spec = await task(design, 'Write spec');
  await task(build, 'Write code');

  await page.goto(`/projects/${build}`);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('link', { name: 'Write code' }).click();
  // Chosen in the task as it opens: saved at once.
  const dialog = page.getByRole('dialog', { name: 'Write code' });
  const blockers = dialog.getByRole('group', { name: 'Blocked by' });
  await expect(blockers).toContainText('Nothing: this task can start any time.');
  await blockers.getByLabel('Add a blocking task').selectOption({ label: 'Write spec' });
  await expect(blockers.getByRole('listitem')).toContainText(['Write spec']);
  await expect(blockers.getByRole('listitem')).toContainText(['To do']);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const card = page.getByRole('group', { name: 'Write code', exact: true });
  // Seen as 'Blocked'; heard as 'Blocked by Write spec'.
  await expect(card.getByTitle('Blocked by Write spec')).toBeVisible();
  await expect(card).toContainText('Blocked by Write spec');

  // Someone completes the blocker elsewhere: the push clears the badge here.
  const other = await (await browser.newContext({ storageState: await page.context().storageState() })).newPage();
  await other.goto('/dashboard');
  await callApiAs(other, 'PATCH', `/workspaces/${workspaceId}/projects/${design}/tasks/${spec.id}`, { version: spec.version, completed: true });
  await expect(card.getByTitle('Blocked by Write spec')).toHaveCount(0);
  await expect(card).toBeVisible();
  await other.context().close();
});
