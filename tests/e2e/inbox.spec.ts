import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

/**
 * The inbox (issue 37): one person mentions another in a comment; the other's bell counts it without a
 * reload, and they open the inbox, mark a notice read and open the mention's task from it.
 */
test('a mention reaches the other person’s bell live; they mark one read and open the task from the inbox', async ({ page, browser }) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherEmail = await signUpNewUser(other);
  const { profile } = await callApiAs<{ profile: { userId: string } }>(other, 'GET', '/profile');
  await signUpNewUser(page);
  await callApiAs(page, 'PATCH', '/profile', { displayName: 'Ana Lopez' });
  const workspaceId = await createWorkspace(page, 'Inbox Team');
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/members`, { email: otherEmail, role: 'member' });
  await callApiAs(other, 'DELETE', `/workspaces/${workspaceId}/membership/notice`);
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { task } = await callApiAs<{ task: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Launch plan' });

  // Being added is the first notice.
  await other.goto('/dashboard');
  await expect(other.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  // Ana mentions them: the count rises without a reload.
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks/${task.id}/comments`, { body: `Please check @[${profile.userId}]` });
  const bell = other.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toContainText('2');
  await bell.click();
  const inbox = other.getByRole('region', { name: 'Notifications' });
  const items = inbox.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Ana Lopez mentioned you on Launch plan');
  await expect(items.nth(1)).toContainText('Ana Lopez added you to Inbox Team');

  await items.nth(1).getByRole('button', { name: 'Mark read' }).click();
  await expect(other.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(items.nth(1).getByRole('button', { name: 'Mark unread' })).toBeVisible();

  // Opening the mention opens its task and marks it read.
  await items.first().getByRole('button', { name: /mentioned you on Launch plan/ }).click();
  await expect(other.getByRole('dialog', { name: 'Launch plan' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await otherContext.close();
});
