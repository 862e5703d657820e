import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}
interface TaskBody {
  id: string;
  dueDate: string | null;
}

const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

test('the Generate flow: the warning, focus projects, then the schedule with its reasons and stored due dates', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Planning Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  // Projects that work every day, so the plan starts today whatever day the test runs.
  // Working every day too (the default is Monday to Friday), so the plan is the same whatever day this runs.
  await callApiAs(page, 'PATCH', '/profile', { workingTime: { days: everyDay, hoursPerDay: 8, daysOff: [] } });
  const { project: apollo } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo', preferredDays: everyDay });
  const { project: zephyr } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Zephyr', preferredDays: everyDay });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${apollo.id}/tasks`, { title: 'Apollo chores', priority: 'high', timeEstimate: 480 });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${zephyr.id}/tasks`, { title: 'Zephyr launch', priority: 'low', timeEstimate: 480 });
  const overdueOn = await page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() - 3);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  });
  const { task: late } = await callApiAs<{ task: TaskBody }>(page, 'POST', `/workspaces/${workspaceId}/projects/${apollo.id}/tasks`, {
    title: 'Old report',
    priority: 'low',
    timeEstimate: 30,
    dueDate: overdueOn,
  });

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Weekly Plan' });
  await card.getByRole('button', { name: 'Generate Your Weekly Plan' }).click();

  // 1. The warning: Cancel closes it, Continue goes on.
  const warning = page.getByRole('alertdialog', { name: 'Update Due Dates' });
  await expect(warning).toContainText('due dates of all pending tasks');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await card.getByRole('button', { name: 'Generate Your Weekly Plan' }).click();
  await warning.getByRole('button', { name: 'Continue' }).click();

  // 2. Focus projects: Cancel clears the choice.
  const focus = page.getByRole('dialog', { name: 'Focus Projects (Optional)' });
  await focus.getByLabel('Zephyr').check();
  await focus.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Generate Your Weekly Plan' }).click();
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(focus.getByLabel('Zephyr')).not.toBeChecked();
  await focus.getByLabel('Zephyr').check();
  await focus.getByRole('button', { name: 'Generate Plan' }).click();
  await expect(focus).toBeHidden();

  // 3. The schedule: the overdue task first, on today, still late; then the focus project's whole day, on
  // the first day with room for it (tomorrow); the high-priority one the day after.
  const schedule = page.getByRole('region', { name: "This Week's Schedule" });
  await expect(schedule.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  const today = schedule.getByRole('listitem').filter({ has: page.getByText('Today', { exact: true }) });
  await expect(today.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  await expect(today).toContainText('1 task · 30m');
  // Overdue work is planned in, but stays late where everyone sees it: its due date is not moved later.
  await expect(today.locator('.plan-task').filter({ hasText: 'Old report' })).toContainText('Late · was due');
  await today.getByText('Why this day?').click();
  await expect(today).toContainText('late: was due');

  const tomorrow = schedule.locator('.plan-day').nth(1);
  await tomorrow.getByRole('button').click();
  await expect(tomorrow.getByRole('link', { name: 'Zephyr launch' })).toBeVisible();
  await tomorrow.getByText('Why this day?').click();
  await expect(tomorrow).toContainText('Zephyr is a focus project');
  const dayAfter = schedule.locator('.plan-day').nth(2);
  await dayAfter.getByRole('button').click();
  await expect(dayAfter.getByRole('link', { name: 'Apollo chores' })).toBeVisible();

  // The reasons are saved with the plan: after a reload they are still there.
  await page.reload();
  const reloaded = page.getByRole('region', { name: "This Week's Schedule" }).locator('.plan-day').nth(1);
  await reloaded.getByRole('button').click();
  await reloaded.getByText('Why this day?').click();
  await expect(reloaded).toContainText('Zephyr is a focus project');

  // Pinned to its day from the plan (a task edit): a new plan keeps it there.
  await reloaded.getByRole('button', { name: /^Pin to \w+: Zephyr launch$/ }).click();
  await expect(reloaded.getByRole('button', { name: /^Pinned to \w+: Zephyr launch$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await callApiAs<{ tasks: (TaskBody & { pinned?: boolean })[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${zephyr.id}/items`)).tasks[0]?.pinned)
    .toBe(true);

  // The due dates are stored, only ever earlier; a task opens from the plan.
  const items = async (projectId: string) =>
    (await callApiAs<{ tasks: TaskBody[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`)).tasks;
  expect((await items(zephyr.id))[0]?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect((await items(apollo.id)).find((task) => task.id === late.id)?.dueDate).toBe(overdueOn);
  await reloaded.getByRole('link', { name: 'Zephyr launch' }).click();
  await expect(page.getByRole('dialog', { name: 'Zephyr launch' })).toBeVisible();
});

test('an owner switches on the automatic weekly plan in Workspace Settings, and it stays on', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Auto Team');
  await page.goto('/workspaces/settings');
  const setting = page.getByLabel('Plan my week automatically');
  await expect(setting).not.toBeChecked();
  await setting.check();
  await expect(setting).toBeChecked();
  await page.reload();
  await expect(page.getByLabel('Plan my week automatically')).toBeChecked();
});

test('the dashboard cards count the workspace’s tasks and open today’s from their rows', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Counting Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Team Workload' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: "Today's Overview" })).toContainText('No tasks due today!');
  const activity = page.getByRole('region', { name: 'Team Activity' });
  await expect(activity).toContainText('No recent team activity');

  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Ship it', dueDate: today });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Old news', dueDate: '2020-01-01' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Done', status: 'completed' });

  // Pushes of the new tasks refresh the cards without a reload.
  const overview = page.getByRole('region', { name: 'Tasks Overview' });
  await expect(overview.getByRole('definition')).toHaveText(['3', '1', '1']);
  await expect(overview.getByRole('progressbar', { name: 'Completion rate' })).toHaveAttribute('aria-valuenow', '33');
  const todayCard = page.getByRole('region', { name: "Today's Overview" });
  await expect(todayCard.getByRole('listitem').filter({ hasText: 'Old news' })).toContainText('Overdue');
  await expect(page.getByRole('region', { name: 'AI Suggestions' }).getByRole('listitem')).toHaveCount(3);
  // The team activity, written from the table's stream, arrives with the pushes too, newest first.
  await expect(activity.getByRole('listitem')).toHaveCount(3);
  await expect(activity.getByRole('listitem').first()).toContainText(/created the task (Ship it|Old news|Done)Just now/);
  await expect(activity.getByRole('link', { name: 'Old news' })).toHaveAttribute('href', new RegExp(`/projects/${project.id}/tasks/`));
  await todayCard.getByRole('link', { name: 'Ship it' }).click();
  await expect(page.getByRole('dialog', { name: 'Ship it' })).toBeVisible();
});

test('Today’s Plan lays the top open tasks out in time blocks from 09:00, kept in the browser', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Day Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { members } = await callApiAs<{ members: { userId: string }[] }>(page, 'GET', `/workspaces/${workspaceId}/members`);
  const me = members[0]?.userId;
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const tasks = `/workspaces/${workspaceId}/projects/${project.id}/tasks`;
  await callApiAs(page, 'POST', tasks, { title: 'Undated chore', priority: 'low', assignedTo: me });
  await callApiAs(page, 'POST', tasks, { title: 'Write the brief', priority: 'high', timeEstimate: 30, assignedTo: me });
  await callApiAs(page, 'POST', tasks, { title: 'Team review', dueDate: '2020-01-01' });
  await callApiAs(page, 'POST', tasks, { title: 'Someday maybe' });
  // An archived project's work is not planned.
  const { project: shelved } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Shelved' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${shelved.id}/tasks`, { title: 'Shelved urgent', priority: 'high', assignedTo: me });
  const shelvedPath = `/workspaces/${workspaceId}/projects/${shelved.id}`;
  const { project: current } = await callApiAs<{ project: { version: number } }>(page, 'GET', shelvedPath);
  await callApiAs(page, 'PATCH', shelvedPath, { version: current.version, archived: true });

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: "Today's Plan" });
  await card.getByRole('button', { name: 'Plan My Day' }).click();
  const blocks = card.getByRole('listitem');
  // Mine and the team's unassigned work due this week; an unassigned task without a date waits.
  await expect(blocks).toHaveText([/09:00–09:30 Write the brief/, /09:45–10:45 Team review/, /11:00–12:00 Undated chore/]);

  await card.getByRole('checkbox', { name: /Write the brief/ }).check();
  await card.getByLabel('Notes').fill('Calls after lunch');
  await page.reload();
  await expect(card.getByRole('checkbox', { name: /Write the brief/ })).toBeChecked();
  await expect(card.getByLabel('Notes')).toHaveValue('Calls after lunch');
  await card.getByRole('link', { name: 'Open Team review' }).click();
  await expect(page.getByRole('dialog', { name: 'Team review' })).toBeVisible();
});
