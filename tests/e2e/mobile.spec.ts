import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

test.use({ viewport: { width: 390, height: 844 } });

interface ProjectBody {
  id: string;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('the mobile layout: home, projects, a project’s tasks, notes and links, with the menu and the bottom navigation', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Pocket Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo', priority: 'high' });
  const tasks = `/workspaces/${workspaceId}/projects/${project.id}/tasks`;
  await callApiAs(page, 'POST', tasks, { title: 'Late report', dueDate: '2020-01-01' });
  await callApiAs(page, 'POST', tasks, { title: 'Ship it', dueDate: today, status: 'in_progress' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/notes`, { title: 'Pocket note', content: 'Hello **there**' });

  // A phone on /dashboard is offered the mobile layout.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'On a phone? Open the mobile layout' }).click();
  await expect(page).toHaveURL(/\/mobile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), /);
  await expect(page.getByText('2 tasks due today or overdue')).toBeVisible();
  const today_ = page.getByRole('region', { name: "Today's Tasks" });
  await expect(today_.getByRole('listitem').filter({ hasText: 'Late report' })).toContainText('Overdue');
  await expect(page.getByRole('region', { name: 'Recent Projects' }).getByRole('link', { name: 'Apollo' })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);

  // The menu: the user, the workspace with its check, Account and Workspace Settings, Sign Out.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Pocket Team' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/mobile/settings');
  await expect(page.getByRole('menuitem', { name: 'Workspace Settings' })).toHaveAttribute('href', '/mobile/workspace-settings');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  // Workspace Settings inside the phone layout: the bottom navigation stays.
  await page.getByRole('menuitem', { name: 'Workspace Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace Settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);

  // Projects → the project: three sections, a circle toggles completion, a task opens in a dialog.
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('article')).toContainText('High');
  await page.getByRole('link', { name: 'Apollo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apollo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'In Progress' }).getByRole('button', { name: 'Ship it', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Complete Ship it' }).click();
  await expect(page.getByRole('region', { name: 'Completed' }).getByRole('button', { name: 'Mark Ship it not completed' })).toHaveAttribute('aria-pressed', 'true');
  // A task opens as a sheet: its facts change in place (here its priority), and nothing leaves /mobile.
  await page.getByRole('button', { name: 'Late report', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Late report' });
  await sheet.getByRole('button', { name: /^Priority: Medium/ }).click();
  await sheet.getByRole('combobox', { name: 'Priority' }).selectOption('high');
  await expect(sheet.getByRole('button', { name: /^Priority: High/ })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/mobile\/projects\//);
  await expect(page.getByRole('region', { name: 'To Do' }).getByRole('listitem').filter({ hasText: 'Late report' })).toContainText('High');
  await page.getByRole('button', { name: 'Add Task' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Task' });
  await create.getByLabel('Title').fill('From the phone');
  await create.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByRole('region', { name: 'To Do' }).getByRole('button', { name: 'From the phone', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  // The project's own comments, below its tasks: written and counted on the phone as on the desktop's tab.
  const comments = page.getByRole('region', { name: 'Comments (0)' });
  await comments.getByLabel('Write a comment').fill('Launch on **Monday**');
  await comments.getByRole('button', { name: 'Comment' }).click();
  const counted = page.getByRole('region', { name: 'Comments (1)' });
  await expect(counted.getByRole('listitem')).toContainText('Launch on Monday');
  await expect(counted.getByLabel('Write a comment')).toHaveValue('');
  await expectNoSidewaysScroll(page, 390);

  // New Project from Home stays on the phone: the form in a dialog, then the project's phone page.
  await nav.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'New Project' }).click();
  const newProject = page.getByRole('dialog', { name: 'Create New Project' });
  await newProject.getByLabel('Project Name').fill('Pocket launch');
  await newProject.getByRole('button', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/mobile\/projects\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pocket launch' })).toBeVisible();

  // Tasks: Today and Upcoming, as on /tasks; New task from the phone.
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Late report', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await page.getByRole('button', { name: 'New task' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Task' }).getByLabel('Project')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page, 390);

  // Notes and Links.
  await nav.getByRole('link', { name: 'Notes' }).click();
  await expect(page.getByRole('article', { name: 'Pocket note' })).toContainText('Apollo');
  await expectNoSidewaysScroll(page, 390);
  await nav.getByRole('link', { name: 'Links' }).click();
  await page.getByLabel('URL').fill('example.org');
  await page.getByLabel('Category', { exact: true }).selectOption('Business');
  // The add form previews the link as it will be listed: the site as its name, the address as saved.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('example.org');
  await expect(preview).toContainText('https://example.org');
  await expect(preview).toContainText('Business');
  await expectNoSidewaysScroll(page, 390);
  await page.getByRole('button', { name: 'Save Link' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('region', { name: 'Business' }).getByRole('link', { name: /example\.org/ })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);

  // An unknown project.
  await page.goto('/mobile/projects/no-such-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Projects' }).click();
  await expect(page).toHaveURL(/\/mobile\/projects$/);
});

test('no page scrolls sideways on a 360 px phone', async ({ page }) => {
  // Fifteen full loads of the app: about 50 s on a quiet machine, past the default minute under CI's load.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpNewUser(page);
  await createWorkspace(page, 'Narrow Team');
  for (const path of ['/dashboard', '/projects', '/tasks', '/calendar', '/notes', '/links', '/focus', '/timezones', '/settings', '/ai', '/workspaces/settings', '/mobile', '/mobile/projects', '/mobile/tasks', '/mobile/notes', '/mobile/links', '/mobile/settings', '/mobile/workspace-settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(360);
  }
});
