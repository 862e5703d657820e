import { expect, test, type Page, type Route } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

/**
 * Honest failure and loading states (issue 16): with the API failing or slow (page.route), a page says it
 * couldn't load and offers Retry instead of "not found" or "no workspace", writes that fail stay on the page
 * with a toast, and the project page's reads start side by side.
 */

// Each test waits out the client's retries of failed reads (about 3 s) or a deliberate delay.
test.describe.configure({ timeout: 120_000 });

/** The API's origin, as the app's /config.json names it: only these requests are failed or slowed. */
async function apiOrigin(page: Page): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as { apiUrl: string };
  return new URL(config.apiUrl).origin;
}

async function currentWorkspaceId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!id) throw new Error('No current workspace');
  return id;
}

/** A signed-in user with a workspace (the saved current one) and a project made through the API. */
async function userWithProject(page: Page, name: string) {
  await signUpNewUser(page);
  await createWorkspace(page, `${name} Team`);
  const workspaceId = await currentWorkspaceId(page);
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name });
  return { workspaceId, projectId: project.id, origin: await apiOrigin(page) };
}

const serviceUnavailable = (route: Route) =>
  route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) });

test('with the API unreachable the project page says it couldn’t load, with Retry, never “Project not found”', async ({ page }) => {
  // Seven pages each wait out the client's retries: about 1.5 minutes on a quiet 2-core machine.
  test.setTimeout(240_000);
  const { projectId, origin } = await userWithProject(page, 'Apollo');
  const api = (url: URL) => url.origin === origin;

  await page.route(api, (route) => route.abort('connectionrefused'));
  await page.goto(`/projects/${projectId}`);
  const failure = page.getByRole('alert').filter({ hasText: "Couldn't load" });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText('The server could not be reached');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toHaveCount(0);

  // Retry works once the API is back.
  await page.unroute(api);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Apollo', level: 1 })).toBeVisible();
  await expect(failure).toHaveCount(0);

  // The project list alone failing with a 503 is also "couldn't load this project", not a missing project.
  const projectsList = (url: URL) => url.origin === origin && /\/workspaces\/[^/]+\/projects$/.test(url.pathname);
  await page.route(projectsList, serviceUnavailable);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load this project" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Project not found' })).toHaveCount(0);
  // On /projects the failed list shows its error and no zeros that would read as an empty workspace.
  await page.goto('/projects');
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load projects" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Total Projects')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^All Projects/ })).toHaveCount(0);
  // The pages across projects say so too, instead of an empty list (they show each item with its project).
  await page.goto('/tasks');
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load projects" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Nothing due today.', { exact: false })).toHaveCount(0);
  await page.goto('/notes');
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load projects" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Create a project to write notes in it.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Note' })).not.toHaveAttribute('title', 'Create a project first');
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Weekly Plan' }).getByRole('alert').filter({ hasText: "Couldn't load projects" })).toBeVisible({ timeout: 20_000 });
  await page.goto('/calendar');
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load projects" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Add Task' })).toHaveAttribute('title', "Couldn't load projects");
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load this project" })).toBeVisible({ timeout: 20_000 });
  await page.unroute(projectsList);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Apollo', level: 1 })).toBeVisible();

  // A real 404 is still 'Project not found'.
  await page.goto('/projects/no-such-project');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
});

test('Workspace Settings with the API failing offers Retry, not “No workspace selected” or Create Workspace', async ({ page }) => {
  const { origin } = await userWithProject(page, 'Gemini');
  const api = (url: URL) => url.origin === origin;

  await page.route(api, serviceUnavailable);
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('heading', { name: 'Workspace Settings', level: 1 })).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: "Couldn't load your workspaces" });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText('Failed to fetch workspaces');
  await expect(page.getByText('No workspace selected')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Create Workspace' })).toHaveCount(0);

  // Other workspace pages say the same instead of their no-workspace cards.
  await page.goto('/notes');
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load your workspaces" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'No Workspace Selected' })).toHaveCount(0);
  await page.goto('/links');
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load your workspaces" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Please select a workspace to add links')).toHaveCount(0);

  await page.unroute(api);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load" })).toHaveCount(0);
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
});

test('a page whose code fails to load shows the error in its place, and the navigation still works', async ({ page }) => {
  await userWithProject(page, 'Rigel');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The Tasks page's code: its chunk in the production build (its module under E2E_WEB=dev).
  const tasksPageCode = /\/(assets\/tasks-[\w-]+\.js|src\/app\/routes\/app\/tasks\.tsx)$/;
  await page.route(tasksPageCode, (route) => route.abort('connectionrefused'));
  // A missing chunk first reloads the tab once a minute (a deploy may have replaced it: lib/stale-build.ts);
  // this tab has just done so, so the failure shows.
  await page.evaluate(() => sessionStorage.setItem('staleBuildReloadAt', String(Date.now())));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks', exact: true }).click();
  const failure = page.getByRole('main').getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
  await page.unroute(tasksPageCode);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(failure).toHaveCount(0);

  // Offline, a page whose code has not arrived waits for the connection instead of failing, then shows.
  await page.context().setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes', exact: true }).click();
  await expect(page.getByRole('main').getByText('You are offline.', { exact: false })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Unexpected Application Error!' })).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Unexpected Application Error!' })).toHaveCount(0);
});

test('archive and delete that fail stay on the project page and say so in a toast with Retry', async ({ page }) => {
  const { workspaceId, projectId, origin } = await userWithProject(page, 'Mercury');
  const projectUrl = (url: URL) => url.origin === origin && url.pathname === `/workspaces/${workspaceId}/projects/${projectId}`;
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Mercury', level: 1 })).toBeVisible();

  // Archive: the PATCH fails; the page stays and a toast (role=alert, read at once) says so.
  await page.route(projectUrl, (route) => (route.request().method() === 'PATCH' ? serviceUnavailable(route) : route.fallback()));
  await page.getByRole('button', { name: 'More project actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  const archiveFailed = page.locator('.toast').filter({ hasText: 'Failed to update project' });
  await expect(archiveFailed).toBeVisible();
  await expect(archiveFailed).toHaveRole('alert');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByRole('heading', { name: 'Mercury', level: 1 })).toBeVisible();
  // The toast floats above the page: the header has not been pushed down by it.
  const headerTop = await page.getByRole('heading', { name: 'Mercury', level: 1 }).evaluate((heading) => heading.getBoundingClientRect().top);
  await archiveFailed.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(archiveFailed).toHaveCount(0);
  expect(await page.getByRole('heading', { name: 'Mercury', level: 1 }).evaluate((heading) => heading.getBoundingClientRect().top)).toBe(headerTop);

  // Delete: the DELETE fails; the page stays; Retry (once the API answers) deletes without asking again, then leaves.
  await page.unroute(projectUrl);
  await page.route(projectUrl, (route) => (route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.fallback()));
  await page.getByRole('button', { name: 'More project actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const deleteFailed = page.getByRole('alert').filter({ hasText: 'Failed to delete project' });
  await expect(deleteFailed).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByRole('heading', { name: 'Project not found' })).toHaveCount(0);
  await page.unroute(projectUrl);
  await deleteFailed.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await callApiAs<{ projects: { id: string }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects`)).projects).toEqual([]);
});

test('with every API call slowed down, the project page’s reads start side by side, under a skeleton', async ({ page }) => {
  const { workspaceId, projectId, origin } = await userWithProject(page, 'Voyager');
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Voyager', level: 1 })).toBeVisible();

  // Every API call is held (a slow network): none is answered until the test lets them all go.
  const held: (() => Promise<void>)[] = [];
  const isApi = (url: URL) => url.origin === origin;
  await page.route(isApi, (route) => {
    held.push(() => route.fallback());
  });
  const started = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isApi(url) && request.method() === 'GET') started.add(url.pathname);
  });
  await page.reload();
  // While it waits the page shows a skeleton in a busy region, not a 'Loading…' text.
  await expect(page.locator('[aria-busy="true"]').filter({ hasText: 'Loading project' })).toBeVisible();
  await expect(page.getByText('Loading project...')).toBeHidden();
  // The reads the page needs all start before any of them is answered: side by side, not one after another.
  const critical = ['/workspaces', `/workspaces/${workspaceId}/projects`, `/workspaces/${workspaceId}/projects/${projectId}/items`];
  await expect.poll(() => critical.filter((path) => !started.has(path)), { message: 'reads not started while nothing was answered' }).toEqual([]);

  await page.unroute(isApi);
  await Promise.all(held.map((release) => release()));
  await expect(page.getByRole('heading', { name: 'Voyager', level: 1 })).toBeVisible();
});

test('pointing at a project card starts reading the project before it is opened', async ({ page }) => {
  const { workspaceId, projectId, origin } = await userWithProject(page, 'Pioneer');
  await page.goto('/projects');
  const card = page.getByRole('main').getByRole('link', { name: 'Pioneer' });
  await expect(card).toBeVisible();

  const itemsPath = `/workspaces/${workspaceId}/projects/${projectId}/items`;
  const prefetched = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.origin === origin && url.pathname === itemsPath;
  });
  await card.hover();
  await prefetched;
  // Opening it then shows the board's items without another read.
  let readsAfterOpening = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === itemsPath) readsAfterOpening += 1;
  });
  await card.click();
  await expect(page.getByRole('heading', { name: 'Pioneer', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'In Progress' }).first()).toBeVisible();
  expect(readsAfterOpening).toBe(0);
});
