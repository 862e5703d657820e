import type { Page } from '@playwright/test';
import { callApiAs } from './api.js';
import { createWorkspace } from './users.js';

/**
 * Two signed-in people on one task: `page`'s new workspace (`workspaceName`) with `other` (signed up as
 * `otherEmail`) added as a member who has seen it, a project Apollo with the task "Launch plan", open in both
 * browsers. Answers both task views.
 */
export async function openOneTaskForTwo(page: Page, other: Page, otherEmail: string, workspaceName: string) {
  const workspaceId = await createWorkspace(page, workspaceName);
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/members`, { email: otherEmail, role: 'member' });
  await callApiAs(other, 'DELETE', `/workspaces/${workspaceId}/membership/notice`);
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { task } = await callApiAs<{ task: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Launch plan' });
  await page.goto(`/projects/${project.id}/tasks/${task.id}`);
  await other.goto(`/projects/${project.id}/tasks/${task.id}`);
  return { view: page.getByRole('dialog', { name: 'Launch plan' }), otherView: other.getByRole('dialog', { name: 'Launch plan' }) };
}
