import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}

test('/calendar: the month grid with tasks on their days, +N more, Add to Calendar asking to connect Google, Add Task', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Calendar Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { today, nextMonthDay, monthTitle, nextMonthTitle } = await page.evaluate(() => {
    const now = new Date();
    const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 15, 12);
    const title = (date: Date) => date.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
    return { today: iso(now), nextMonthDay: iso(next), monthTitle: title(now), nextMonthTitle: title(next) };
  });
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
    await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: `Task ${title}`, dueDate: today });
  }
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Next month task', dueDate: nextMonthDay });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Done next month', dueDate: nextMonthDay, status: 'completed' });

  await page.goto('/calendar');
  const calendar = page.getByRole('region', { name: monthTitle });
  await expect(calendar.getByRole('columnheader')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  const todayCell = calendar.locator('td.is-today');
  // Today is marked for screen readers too, not only by its colour.
  await expect(todayCell.getByRole('button').first()).toHaveAttribute('aria-current', 'date');
  await expect(calendar.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(todayCell.getByRole('link')).toHaveCount(3);
  // Each task shown in the cell has '+ Add to Calendar' beside it.
  await expect(todayCell.getByRole('button', { name: /^Add to Calendar: / })).toHaveCount(3);
  await todayCell.getByRole('button', { name: '+2 more' }).click();

  const day = page.getByRole('dialog', { name: /^Tasks due / });
  await expect(day.getByRole('link')).toHaveCount(5);
  // On a phone each title stays readable in the dialog (the cells shrink theirs to bars).
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneTitle = await day.getByRole('link', { name: 'Task Two' }).boundingBox();
  expect(phoneTitle?.width ?? 0).toBeGreaterThan(100);
  expect(phoneTitle?.height ?? 0).toBeGreaterThan(12);
  // In the cells the chips are bars: seen, but no Tab stop or screen-reader item each (the day's button has them).
  await expect(todayCell.locator('.calendar-task').first()).toBeHidden();
  await expect(todayCell.getByRole('link')).toHaveCount(0);
  const bar = await todayCell.locator('.calendar-task').first().evaluate((chip) => getComputedStyle(chip, '::before').visibility);
  expect(bar).toBe('visible');
  await page.setViewportSize({ width: 1280, height: 800 });
  await day.getByRole('button', { name: 'Add to Calendar: Task Two' }).click();
  // Without a Google account the dialog says so and points to the Google Calendar page.
  const event = page.getByRole('dialog', { name: 'Add to Calendar' });
  await expect(event.getByRole('link', { name: 'Connect Google Calendar' })).toHaveAttribute('href', '/integrations/google-calendar');
  await event.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('region', { name: 'Calendar Sync' }).getByRole('link', { name: 'Connect Google Calendar' })).toBeVisible();

  // Next month and back.
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('region', { name: nextMonthTitle }).getByRole('link', { name: 'Next month task' })).toBeVisible();
  // A completed task stays on its day, after the open ones, struck through.
  const doneLink = page.getByRole('link', { name: 'Done next month (completed)' });
  await expect(page.getByRole('region', { name: nextMonthTitle }).getByRole('link', { name: 'Done next month (completed)' })).toHaveCSS('text-decoration-line', 'line-through');
  const doneDay = page.getByRole('region', { name: nextMonthTitle }).locator('td').filter({ has: doneLink });
  // Open ones first; each chip says its priority to screen readers (its colour shows it).
  await expect(doneDay.getByRole('link')).toHaveText(['Next month task, medium priority', 'Done next month (completed), medium priority']);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('region', { name: monthTitle })).toBeVisible();

  // Add Task: the project and the day are chosen; the task shows on its day.
  await page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog.getByLabel('Project')).toHaveValue(project.id);
  await expect(dialog.getByLabel('Due Date')).toHaveValue(today);
  await dialog.getByLabel('Title').fill('Task Six');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(todayCell.getByRole('button', { name: '+3 more' })).toBeVisible();
});
