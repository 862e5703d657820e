import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}

test('/tasks: tabs from the task index, Focus moves a task into Today, a completed task fades out, search, filter and kanban', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Task Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  const { project: apollo } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { project: zephyr } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Zephyr' });
  // Apollo is older, but a favourite: it comes first.
  await callApiAs(page, 'PATCH', `/workspaces/${workspaceId}/projects/${apollo.id}`, { version: 1, isFavorite: true });
  const create = (projectId: string, body: object) => callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, body);
  await create(apollo.id, { title: 'Ship the beta', dueDate: today, priority: 'high', timeEstimate: 90 });
  await create(apollo.id, { title: 'Old chore', dueDate: '2020-01-01' });
  await create(zephyr.id, { title: 'Plan the launch', dueDate: '2030-06-01', description: 'Venue and guests' });
  await create(zephyr.id, { title: 'Someday', status: 'in_progress' });
  await create(zephyr.id, { title: 'Already done', status: 'completed' });

  // A second workspace, to switch to and back.
  await callApiAs(page, 'POST', '/workspaces', { name: 'Side Team' });

  await page.goto('/tasks?view=list');
  const tabs = page.getByRole('tablist', { name: 'Tasks by date' });
  const list = page.getByRole('tabpanel');
  // Today: due today, then overdue; each card says its project and due date.
  await expect(tabs.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('listitem').filter({ has: page.getByRole('link') })).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ has: page.getByRole('link') }).first()).toContainText('Ship the beta');
  const ship = list.getByRole('listitem').filter({ hasText: 'Ship the beta' });
  await expect(ship).toContainText('Apollo');
  await expect(ship).toContainText('Due Today');
  await expect(ship).toContainText('2h estimate');
  // Long overdue: in days (spec pages §9), and for screen readers, overdue.
  const daysOverdue = await page.evaluate(() => Math.round((new Date().setHours(12, 0, 0, 0) - new Date(2020, 0, 1, 12).getTime()) / 86_400_000));
  await expect(list.getByRole('listitem').filter({ hasText: 'Old chore' })).toContainText(`Overdue, due ${daysOverdue} days ago`);
  // A task added elsewhere (another browser, the API) shows here without a reload, by its push.
  await create(zephyr.id, { title: 'Pushed in', dueDate: today });
  await expect(list.getByRole('link', { name: 'Pushed in' })).toBeVisible();

  // Upcoming, then Focus brings it into Today.
  await tabs.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(list.getByRole('link', { name: 'Plan the launch' })).toBeVisible();
  await list.getByRole('button', { name: 'Focus on Plan the launch today' }).click();
  await expect(list.getByRole('link', { name: 'Plan the launch' })).toBeHidden();
  await tabs.getByRole('tab', { name: 'Today' }).click();
  await expect(list.getByRole('link', { name: 'Plan the launch' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Focus on Plan the launch today' })).toHaveAttribute('aria-disabled', 'true');

  // Completing fades the card out, then it is gone; it is under Completed. Done from the keyboard, focus
  // stays in the list, on the next task.
  const item = list.getByRole('listitem').filter({ hasText: 'Ship the beta' });
  const nextTitle = await item.locator('xpath=following-sibling::li[1]').getByRole('link').first().textContent();
  await item.getByRole('button', { name: 'Complete Ship the beta' }).focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveClass(/is-leaving/);
  await expect(item.getByRole('button', { name: 'Complete Ship the beta' })).toHaveAttribute('aria-pressed', 'true');
  await expect(item).toBeHidden();
  await expect(list.getByRole('button', { name: `Complete ${nextTitle ?? ''}` })).toBeFocused();
  await tabs.getByRole('tab', { name: 'Completed' }).click();
  await expect(list.getByRole('link', { name: 'Ship the beta' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Already done' })).toBeVisible();

  // All: every open task; search by description; the project filter.
  await tabs.getByRole('tab', { name: 'All' }).click();
  await expect(list.getByRole('link', { name: 'Someday' })).toBeVisible();
  await page.getByLabel('Search tasks').fill('guests');
  await expect(list.getByRole('link')).toHaveText(['Plan the launch']);
  // Screen readers hear how many are left once the typing pauses.
  await expect(list.getByRole('status').filter({ hasText: '1 task matches' })).toHaveCount(1);
  await page.getByLabel('Search tasks').fill('');
  await page.getByLabel('Project').selectOption({ label: 'Apollo' });
  await expect(list.getByRole('link')).toHaveText(['Old chore']);
  // Another workspace starts without this one's filter (it names a project the other does not have).
  const switchTo = async (from: string, to: string) => {
    await page.getByRole('button', { name: from, exact: true }).click();
    await page.getByRole('group', { name: 'Your Workspaces' }).getByRole('menuitemradio', { name: to }).click();
  };
  await switchTo('Task Team', 'Side Team');
  await expect(page.getByLabel('Project')).toHaveValue('');
  // It opens on the tab last used (All), empty here.
  await expect(list).toContainText('No open tasks. Add tasks from a project.');
  await switchTo('Side Team', 'Task Team');
  await tabs.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByLabel('Project')).toHaveValue('');

  // Kanban: a column per project, the favourite first; a card opens its task.
  await page.getByRole('button', { name: 'Kanban' }).click();
  const columns = list.getByRole('region');
  await expect(columns).toHaveCount(2);
  await expect(columns.first()).toHaveAccessibleName('Apollo');
  // Its cards: one Tab stop each, Move to… changes the column, the checkbox completes (and the card leaves).
  const zephyrColumn = list.getByRole('region', { name: 'Zephyr' });
  const someday = zephyrColumn.getByRole('group', { name: 'Someday' });
  const zephyrCards = zephyrColumn.getByRole('group');
  await expect(zephyrCards).toHaveCount(3);
  await zephyrCards.first().focus();
  await page.keyboard.press('Tab');
  await expect(zephyrCards.nth(1)).toBeFocused();
  await someday.getByRole('button', { name: 'Move to…' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'In Progress' })).toHaveAttribute('aria-checked', 'true');
  const taskSaved = () => page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/tasks/'));
  const moved = taskSaved();
  await page.getByRole('menuitemradio', { name: 'To Do' }).click();
  expect((await moved).status()).toBe(200);
  const statusOf = async (title: string) => {
    const { tasks } = await callApiAs<{ tasks: { title: string; status: string; completed: boolean }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${zephyr.id}/items`);
    return tasks.find((task) => task.title === title);
  };
  expect(await statusOf('Someday')).toMatchObject({ status: 'todo' });
  // The card shows the stored task at once, so its next write (the checkbox) carries the new version.
  await someday.getByRole('button', { name: 'Move to…' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'To Do' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  const completed = taskSaved();
  await someday.getByRole('checkbox', { name: 'Someday', exact: true }).check();
  await expect(someday).toBeHidden();
  expect((await completed).status()).toBe(200);
  expect(await statusOf('Someday')).toMatchObject({ completed: true });
  await zephyrColumn.getByRole('link', { name: 'Plan the launch' }).click();
  await expect(page.getByRole('dialog', { name: 'Plan the launch' })).toBeVisible();
});

test('/tasks: a filter looks through the whole tab, not only its first page, before it says "No tasks match."', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewUser(page);
  await createWorkspace(page, 'Paging Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project: quiet } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Quiet' });
  const { project: busy } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Busy' });
  const create = (projectId: string, title: string) => callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { title });
  // The oldest open task; the 100 newer ones of Busy fill the All tab's first page before it.
  await create(quiet.id, 'Needle');
  for (let batch = 0; batch < 10; batch += 1) {
    await Promise.all(Array.from({ length: 10 }, (_, index) => create(busy.id, `Hay ${batch * 10 + index + 1}`)));
  }

  await page.goto('/tasks?view=list');
  await page.getByRole('tab', { name: 'All' }).click();
  const list = page.getByRole('tabpanel');
  await expect(list.getByRole('link', { name: /^Hay / })).toHaveCount(100);
  await expect(list.getByRole('link', { name: 'Needle' })).toHaveCount(0);
  await page.getByLabel('Project').selectOption({ label: 'Quiet' });
  await expect(list.getByRole('link', { name: 'Needle' })).toBeVisible();
  await expect(list.getByText('No tasks match.')).toHaveCount(0);
  // A search with no match anywhere says so once the tab is read to its end.
  await page.getByLabel('Project').selectOption({ label: 'All Projects' });
  await page.getByLabel('Search tasks').fill('no such words');
  await expect(list.getByText('No tasks match.')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('/tasks left open past midnight moves on to the new day: a task due that day comes into Today', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Night Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { lastMidnight, today } = await page.evaluate(() => {
    const now = new Date();
    const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    return { lastMidnight: new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(), today: iso(now) };
  });
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Vega' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Morning report', dueDate: today });
  // The browser's clock ten seconds before the last midnight (earlier than the real time, so the session's
  // tokens stay valid), then run on past it with the page left alone.
  await page.clock.install({ time: lastMidnight - 10_000 });
  await page.goto('/tasks?view=list');
  const list = page.getByRole('tabpanel');
  await expect(list.getByText('Nothing due today.', { exact: false })).toBeVisible();
  await page.clock.runFor(15_000);
  await expect(list.getByRole('link', { name: 'Morning report' })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Morning report' })).toContainText('Due Today');
});

test('/tasks remembers how its user likes it: the tab, the order, the grouping and compact rows (at most 40 px)', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Views Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const project = async (name: string) => (await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name })).project.id;
  const [apollo, zephyr] = [await project('Apollo'), await project('Zephyr')];
  const create = (projectId: string, body: object) => callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, body);
  await create(apollo, { title: 'Low thing', priority: 'low' });
  await create(zephyr, { title: 'Urgent thing', priority: 'high' });
  await create(apollo, { title: 'Middle thing', priority: 'medium' });

  await page.goto('/tasks?view=list');
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByLabel('Sort').selectOption({ label: 'Priority' });
  await page.getByLabel('Group by').selectOption({ label: 'Project' });
  await page.getByRole('button', { name: 'Compact' }).click();

  const check = async () => {
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const apolloGroup = page.getByRole('region', { name: /^Apollo/ });
    await expect(apolloGroup.getByRole('listitem')).toHaveText([/Middle thing/, /Low thing/]);
    await expect(page.getByRole('region', { name: /^Zephyr/ }).getByRole('listitem')).toHaveText([/Urgent thing/]);
    await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    for (const row of await page.locator('.task-list-item').all()) expect((await row.boundingBox())?.height ?? 99).toBeLessThanOrEqual(40);
  };
  await check();
  await page.reload();
  await check();
});

test('/tasks: Add task creates a task in the project chosen beside it (the filtered one when filtered), with what the line understood', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Quick Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const project = async (name: string) => (await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name })).project.id;
  const [, zephyr] = [await project('Apollo'), await project('Zephyr')];
  await page.goto('/tasks?view=list');
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByLabel('Add to').selectOption({ label: 'Zephyr' });
  const line = page.getByLabel('Add task');
  await line.fill('Book the venue !high ~2h');
  await expect(page.getByText('High priority', { exact: true })).toBeVisible();
  await line.press('Enter');
  await expect(line).toHaveValue('');
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Book the venue' })).toBeVisible();
  const { tasks } = await callApiAs<{ tasks: { title: string; priority: string; timeEstimate: number | null }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${zephyr}/items`);
  expect(tasks).toEqual([expect.objectContaining({ title: 'Book the venue', priority: 'high', timeEstimate: 120 })]);
});

