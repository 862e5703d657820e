import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

/** The local calendar day `days` from today, YYYY-MM-DD (the browser runs in the same zone). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function currentWorkspaceId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!id) throw new Error('No current workspace');
  return id;
}

function statTile(page: Page, label: string) {
  return page.getByRole('main').locator('.project-stat').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
}

const cardTitles = (page: Page) => page.getByRole('main').getByRole('list').locator('.project-card-title');

test('without a workspace, /projects says so and /projects/new sends the user to the dashboard', async ({ page }) => {
  await signUpNewUser(page);

  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Workspace Selected' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // While the workspace list is on its way, the form waits; then, with no workspace, back to the dashboard.
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/workspaces$/, (route) => {
    held.push(() => route.fallback());
  });
  await page.goto('/projects/new');
  await expect(page.getByRole('status').filter({ hasText: 'Loading workspace...' })).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/new$/);
  await page.unroute(/\/workspaces$/);
  await Promise.all(held.map((release) => release()));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alert')).toHaveText('Please select a workspace before creating a project');
});

test('a user creates projects and finds them on /projects with their counts, in Quick Access, and after a reload', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Launch Team');

  // Empty state.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'All Projects (0)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await expect(statTile(page, 'Total Projects')).toHaveText('0');
  await page.getByRole('link', { name: 'Create Your First Project' }).click();
  await expect(page).toHaveURL(/\/projects\/new$/);

  // The form checks the name with the API's rules; the colour starts at the default.
  await expect(page.getByLabel('Project Color')).toHaveValue('#3b82f6');
  await page.getByLabel('Project Name').fill('   ');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Project Name is required')).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/new$/);

  const soon = dayFromToday(3);
  await page.getByLabel('Project Name').fill('Website Relaunch');
  await page.getByLabel('Description').fill('New landing page, blog and docs.');
  await page.getByLabel('Project Color').fill('#ef4444');
  await page.getByLabel('Deadline').fill(soon);
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await expect(page.getByRole('heading', { name: 'All Projects (1)' })).toBeVisible();
  const relaunch = page.locator('.project-card').filter({ has: page.getByRole('link', { name: 'Website Relaunch' }) });
  await expect(relaunch).toContainText('New landing page, blog and docs.');
  await expect(relaunch.locator('.deadline-badge')).toHaveClass(/deadline-soon/);
  await expect(relaunch.locator('.deadline-badge')).toContainText('Due soon');
  await expect(relaunch.getByRole('progressbar', { name: 'Website Relaunch progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(relaunch).toContainText('0 of 0 tasks completed');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Website Relaunch' })).toBeVisible();

  // Cancel goes back; a second project without a deadline is newer, so it comes first.
  await page.getByRole('link', { name: 'New Project' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole('link', { name: 'New Project' }).click();
  await page.getByLabel('Project Name').fill('Quarterly Report');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByRole('heading', { name: 'All Projects (2)' })).toBeVisible();
  await expect(cardTitles(page)).toHaveText(['Quarterly Report', 'Website Relaunch']);
  const report = page.locator('.project-card').filter({ has: page.getByRole('link', { name: 'Quarterly Report' }) });
  await expect(report.locator('.deadline-badge')).toHaveText('No deadline');

  // Tasks arranged through the API: the list follows the realtime push without a reload.
  const workspaceId = await currentWorkspaceId(page);
  const { projects } = await callApiAs<{ projects: { id: string; name: string; version: number }[] }>(
    page,
    'GET',
    `/workspaces/${workspaceId}/projects`,
  );
  const relaunchId = projects.find((project) => project.name === 'Website Relaunch')?.id ?? '';
  const reportProject = projects.find((project) => project.name === 'Quarterly Report');
  const tasksPath = `/workspaces/${workspaceId}/projects/${relaunchId}/tasks`;
  await callApiAs(page, 'POST', tasksPath, { title: 'Draft copy', status: 'completed' });
  await callApiAs(page, 'POST', tasksPath, { title: 'Design hero' });
  await callApiAs(page, 'POST', tasksPath, { title: 'Review' });
  await expect(relaunch).toContainText('1 of 3 tasks completed');
  await expect(relaunch.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expect(statTile(page, 'Avg Completion')).toHaveText('17%');

  // Priority high before medium, then a favourite before everything, in the list and in Quick Access.
  const quickAccessLinks = sidebar.getByRole('region', { name: 'Quick Access' }).getByRole('listitem').getByRole('link');
  await expect(quickAccessLinks).toHaveText(['Quarterly Report', 'Website Relaunch']);
  await callApiAs(page, 'PATCH', `/workspaces/${workspaceId}/projects/${relaunchId}`, { version: 1, priority: 'high' });
  await expect(cardTitles(page)).toHaveText(['Website Relaunch', 'Quarterly Report']);
  await expect(quickAccessLinks).toHaveText(['Website Relaunch', 'Quarterly Report']);
  await callApiAs(page, 'PATCH', `/workspaces/${workspaceId}/projects/${reportProject?.id}`, { version: reportProject?.version, isFavorite: true });
  await expect(statTile(page, 'Favorites')).toHaveText('1');
  await expect(cardTitles(page)).toHaveText(['Quarterly Report', 'Website Relaunch']);
  await expect(quickAccessLinks).toHaveText(['Quarterly Report', 'Website Relaunch']);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'All Projects (2)' })).toBeVisible();
  await expect(statTile(page, 'Total Projects')).toHaveText('2');
  await expect(statTile(page, 'Active Projects')).toHaveText('2');
  await expect(statTile(page, 'Favorites')).toHaveText('1');
  await expect(statTile(page, 'Avg Completion')).toHaveText('17%');
  await expect(relaunch).toContainText('1 of 3 tasks completed');

  // The card opens the project.
  await relaunch.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${relaunchId}$`));
});

test('Quick Access lists 10 projects, favourites then priority, with View all above 5 and dots when collapsed', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Busy Team');
  const workspaceId = await currentWorkspaceId(page);
  const create = (name: string, priority: 'low' | 'medium' | 'high') =>
    callApiAs<{ project: { id: string; version: number } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name, priority });

  for (let index = 1; index <= 5; index += 1) await create(`Low ${index}`, 'low');
  await page.goto('/projects');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const quickAccess = sidebar.getByRole('region', { name: 'Quick Access' });
  await expect(quickAccess.getByRole('listitem')).toHaveCount(5);
  await expect(quickAccess.getByRole('link', { name: /View all/ })).toHaveCount(0);

  for (let index = 1; index <= 6; index += 1) await create(`Medium ${index}`, 'medium');
  const { project: starred } = await create('Starred', 'low');
  await callApiAs(page, 'PATCH', `/workspaces/${workspaceId}/projects/${starred.id}`, { version: starred.version, isFavorite: true });
  await create('Urgent', 'high');

  await expect(quickAccess.getByRole('link', { name: 'View all 13 projects' })).toBeVisible();
  const links = quickAccess.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(10);
  await expect(links).toHaveText(['Starred', 'Urgent', 'Medium 6', 'Medium 5', 'Medium 4', 'Medium 3', 'Medium 2', 'Medium 1', 'Low 5', 'Low 4']);
  await quickAccess.getByRole('link', { name: 'View all 13 projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await sidebar.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(quickAccess.getByRole('link', { name: 'New project' })).toBeVisible();
  const dots = quickAccess.getByRole('listitem').getByRole('link');
  await expect(dots).toHaveCount(4);
  await expect(dots.nth(0)).toHaveAccessibleName('Starred');
  await expect(dots.nth(1)).toHaveAccessibleName('Urgent');
  await quickAccess.getByRole('link', { name: 'New project' }).click();
  await expect(page).toHaveURL(/\/projects\/new$/);
});

test('failures: the list offers a retry, and Create Project shows the server’s field errors or its own message', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Flaky Team');
  const projectsUrl = /\/workspaces\/[^/]+\/projects$/;

  // The list fails once, then loads on Retry.
  let failList = true;
  await page.route(projectsUrl, (route) =>
    route.request().method() === 'GET' && failList
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error' }) })
      : route.fallback(),
  );
  await page.goto('/projects');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch projects');
  failList = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A 400 naming a field shows the message next to that field; any other failure the fallback text.
  const answers = [
    { status: 400, body: { error: 'name: Taken', fields: [{ field: 'name', message: 'A project with this name already exists' }] } },
    { status: 500, body: { error: 'Internal error' } },
  ];
  await page.route(projectsUrl, (route) => {
    const answer = route.request().method() === 'POST' ? answers.shift() : undefined;
    return answer ? route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }) : route.fallback();
  });
  await page.getByRole('link', { name: 'Create Your First Project' }).click();
  const name = page.getByLabel('Project Name');
  await name.fill('Duplicate');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('A project with this name already exists');
  await expect(page.getByText('Failed to create project')).toHaveCount(0);

  await name.fill('Second try');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to create project' })).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/new$/);

  // The third attempt reaches the server.
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'All Projects (1)' })).toBeVisible();
});
