import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface Created {
  id: string;
}

/** The Trash (issue 37): a task and a project deleted in the app wait on the Trash page; Restore brings them back; Delete Forever asks first. */
test('/workspaces/trash: a deleted task and project are listed, restored and back; Delete Forever asks first', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Trash Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project: apollo } = await callApiAs<{ project: Created }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { project: borealis } = await callApiAs<{ project: Created }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Borealis' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${apollo.id}/tasks`, { title: 'Draft the plan' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${borealis.id}/tasks`, { title: 'Aurora watch' });

  // Delete the task from its dialog, and the project from its page's menu.
  await page.goto(`/projects/${apollo.id}`);
  await page.getByRole('link', { name: 'Draft the plan' }).click();
  await page.getByRole('dialog', { name: 'Draft the plan' }).getByRole('button', { name: 'Delete Task' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Task' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Moved to Trash')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Draft the plan' })).toHaveCount(0);

  await page.goto(`/projects/${borealis.id}`);
  await page.getByRole('button', { name: 'More project actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleteProject = page.getByRole('alertdialog');
  await expect(deleteProject).toContainText('Its 1 task is deleted with it. The project waits in the Trash for 30 days.');
  await deleteProject.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Both wait in the Trash, reached from Workspace Settings.
  await page.goto('/workspaces/settings');
  await page.getByRole('link', { name: 'Open Trash' }).click();
  await expect(page).toHaveURL(/\/workspaces\/trash$/);
  await expect(page.getByText('Files: 0 bytes of 5 GB used', { exact: false })).toBeVisible();
  const deleted = page.getByRole('list', { name: 'Deleted items' });
  const taskRow = deleted.getByRole('listitem').filter({ hasText: 'Draft the plan' });
  const projectRow = deleted.getByRole('listitem').filter({ hasText: 'Borealis' }).filter({ hasText: 'Project' });
  await expect(taskRow).toContainText('Task');
  await expect(taskRow).toContainText('Apollo');
  await expect(taskRow).toContainText(/Deleted in (29|30) days/);
  await expect(projectRow).toContainText('with 1 item');

  // Delete Forever asks first; Cancel keeps the entry.
  await taskRow.getByRole('button', { name: 'Delete Draft the plan forever' }).click();
  const forever = page.getByRole('alertdialog', { name: 'Delete Forever' });
  await expect(forever).toContainText('Delete "Draft the plan" forever? Its comments and attachments go with it. This cannot be undone.');
  await forever.getByRole('button', { name: 'Cancel' }).click();
  await expect(forever).toBeHidden();
  await expect(taskRow).toBeVisible();

  // Restore both: they leave the Trash and are back where they were.
  await taskRow.getByRole('button', { name: 'Restore Draft the plan' }).click();
  await expect(page.getByText('Restored Draft the plan')).toBeVisible();
  await projectRow.getByRole('button', { name: 'Restore Borealis' }).click();
  await expect(page.getByText('Restored Borealis')).toBeVisible();
  await expect(page.getByText('The Trash is empty.')).toBeVisible();

  await page.goto(`/projects/${apollo.id}`);
  await expect(page.getByRole('link', { name: 'Draft the plan' })).toBeVisible();
  await page.goto(`/projects/${borealis.id}`);
  await expect(page.getByRole('heading', { name: 'Borealis', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Aurora watch' })).toBeVisible();
});
