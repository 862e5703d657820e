import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}
interface TaskBody {
  id: string;
  title: string;
  description: string;
}

// Flows with reloads and several pages, on a machine the whole stack shares.
test.describe.configure({ timeout: 120_000 });

async function currentWorkspaceId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!id) throw new Error('No current workspace');
  return id;
}

/** Answers the confirmation the page shows with its action button. */
async function confirmWith(page: Page, text: string, action: string): Promise<void> {
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(text);
  await confirm.getByRole('button', { name: action }).click();
  await expect(confirm).toBeHidden();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const card = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });

test('the catalogue has All, Connected and Available tabs, works with the keyboard, and its cards open the pages', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Integration Team');
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Google Calendar', 'Gmail', 'Slack', 'GitHub', 'Fireflies']) await expect(card(page, name)).toBeVisible();
  // Google Calendar really connects; Gmail is a mock-up, and its card says Preview, not Available.
  await expect(card(page, 'Google Calendar')).toContainText('Available');
  await expect(card(page, 'Gmail')).toContainText('Preview');
  await expect(card(page, 'Gmail')).not.toContainText('Available');

  // Nothing is connected for a new user.
  await tab(page, 'Connected').click();
  await expect(tab(page, 'Connected')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No connected integrations yet')).toBeVisible();
  await expect(card(page, 'Gmail')).toBeHidden();

  // Arrow keys move between the tabs (WAI-ARIA tabs) and select them.
  await tab(page, 'Connected').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Available')).toBeFocused();
  await expect(tab(page, 'Available')).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'Slack')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');

  for (const [name, path] of [
    ['Gmail', '/integrations/gmail'],
    ['Slack', '/integrations/slack'],
    ['GitHub', '/integrations/github'],
    ['Fireflies', '/integrations/fireflies'],
    ['Google Calendar', '/integrations/google-calendar'],
  ] as const) {
    await card(page, name).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/integrations$/);
  }

  // Every mock-up page leads back to the catalogue.
  await card(page, 'GitHub').click();
  await page.getByRole('link', { name: 'Back to Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
});

test('the catalogue and the connected pages fit a 390 px wide phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpNewUser(page);
  await createWorkspace(page, 'Phone Team');
  const fits = async (path: string) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(390);
  };
  await page.goto('/integrations');
  await fits('/integrations');
  for (const [path, connect] of [
    ['/integrations/gmail', 'Connect Gmail'],
    ['/integrations/github', 'Connect GitHub'],
    ['/integrations/fireflies', 'Connect Fireflies'],
  ] as const) {
    await page.goto(path);
    await fits(path);
    await page.getByRole('button', { name: connect }).click();
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();
    await fits(`${path} (connected)`);
  }
  await page.goto('/integrations/slack');
  await fits('/integrations/slack');
});

test('Gmail: connect, a rule needs a name, is added, disabled, kept after a reload, deleted; then disconnect', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Mail Team');
  await page.goto('/integrations/gmail');
  await expect(page.getByRole('heading', { level: 1, name: 'Gmail' })).toBeVisible();
  await expect(page.getByText('Read emails')).toBeVisible();
  await expect(page.getByText('Manage labels')).toBeVisible();
  await expect(page.getByText('This integration is a mock-up', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Connect Gmail' }).click();
  await expect(page.getByText('Connected', { exact: true }).first()).toBeVisible();
  const rules = page.getByRole('region', { name: 'Email Processing Rules' });
  await expect(rules).toBeVisible();
  await expect(page.getByRole('region', { name: 'This Week' })).toContainText('47');
  const openGmail = page.getByRole('link', { name: /Open Gmail/ });
  await expect(openGmail).toHaveAttribute('target', '_blank');
  await expect(openGmail).toHaveAttribute('rel', /noopener/);

  // The name and the condition are required.
  await rules.getByRole('button', { name: 'Add Rule' }).click();
  const form = rules.getByRole('form', { name: 'Add Rule' });
  await form.getByLabel('Email Condition').fill('from:@newsletter.example.com');
  await form.getByRole('button', { name: 'Create Rule' }).click();
  await expect(form.getByText('Rule name is required')).toBeVisible();
  await expect(form.getByLabel('Rule Name')).toBeFocused();
  await form.getByLabel('Rule Name').fill('Newsletters');
  await form.getByLabel('Project').fill('Marketing');
  await form.getByLabel('Priority').selectOption('low');
  await form.getByRole('button', { name: 'Create Rule' }).click();
  await expect(form).toBeHidden();

  const rule = rules.getByRole('listitem').filter({ hasText: 'Newsletters' });
  await expect(rule).toContainText('Active');
  await expect(rule).toContainText('Marketing');
  const enabled = rule.getByRole('switch', { name: 'Enabled: Newsletters' });
  await expect(enabled).toHaveAttribute('aria-checked', 'true');
  await enabled.click();
  await expect(enabled).toHaveAttribute('aria-checked', 'false');
  await expect(rule).toContainText('Disabled');

  const digest = page.getByRole('switch', { name: 'Daily email digest' });
  const digestBefore = await digest.getAttribute('aria-checked');
  await digest.press('Space');
  await expect(digest).not.toHaveAttribute('aria-checked', digestBefore ?? '');

  // Kept in this browser.
  await page.reload();
  await expect(rule).toContainText('Disabled');
  await expect(page.getByRole('switch', { name: 'Daily email digest' })).not.toHaveAttribute('aria-checked', digestBefore ?? '');

  await rule.getByRole('button', { name: 'Delete rule Newsletters' }).click();
  await confirmWith(page, 'Are you sure you want to delete this rule?', 'Delete');
  await expect(rules.getByText('Newsletters')).toBeHidden();

  // Connected on the catalogue too.
  await page.goto('/integrations');
  await tab(page, 'Connected').click();
  await expect(card(page, 'Gmail')).toContainText('Connected');

  await card(page, 'Gmail').click();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await confirmWith(page, 'Disconnect Gmail?', 'Disconnect');
  await expect(page.getByRole('button', { name: 'Connect Gmail' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Connect Gmail' })).toBeVisible();
});

test('Slack: the connection switch is kept and shown on the catalogue', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Chat Team');
  await page.goto('/integrations/slack');
  const connection = page.getByRole('switch', { name: 'Connected to Slack' });
  await expect(connection).toHaveAttribute('aria-checked', 'false');
  await connection.click();
  await expect(connection).toHaveAttribute('aria-checked', 'true');
  await expect(connection).toBeFocused();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Connected to Slack' })).toHaveAttribute('aria-checked', 'true');

  await page.goto('/integrations?tab=connected');
  await expect(tab(page, 'Connected')).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'Slack')).toBeVisible();
  await card(page, 'Slack').click();
  await page.getByRole('switch', { name: 'Connected to Slack' }).click();
  await page.getByRole('link', { name: 'Back to Integrations' }).click();
  await tab(page, 'Connected').click();
  await expect(page.getByText('No connected integrations yet')).toBeVisible();

  // Each person's mock-ups are their own: the next one to sign in on this browser does not see them.
  await page.goto('/integrations/slack');
  await page.getByRole('switch', { name: 'Connected to Slack' }).click();
  await expect(page.getByRole('switch', { name: 'Connected to Slack' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signUpNewUser(page);
  await createWorkspace(page, 'Next Team');
  await page.goto('/integrations/slack');
  await expect(page.getByRole('switch', { name: 'Connected to Slack' })).toHaveAttribute('aria-checked', 'false');
});

test('GitHub: repositories are chosen with switches and Disconnect clears them', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Code Team');
  await page.goto('/integrations/github');
  await page.getByRole('button', { name: 'Connect GitHub' }).click();

  const repositories = page.getByRole('region', { name: 'Repositories' });
  await expect(repositories.getByRole('listitem').filter({ hasText: 'acme/taskflow-api' })).toContainText('Private');
  const web = repositories.getByRole('switch', { name: 'Sync acme/taskflow-web' });
  const design = repositories.getByRole('switch', { name: 'Sync acme/design-system' });
  await expect(web).toHaveAttribute('aria-checked', 'true');
  await expect(design).toHaveAttribute('aria-checked', 'false');
  await design.click();
  await expect(design).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('region', { name: 'This Month' })).toContainText('127');
  for (const name of ['Sync issues', 'Sync pull requests', 'Sync commits', 'Create tasks from issues', 'Notify on pull requests']) {
    await expect(page.getByRole('switch', { name })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await confirmWith(page, 'Disconnect GitHub?', 'Disconnect');
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(repositories.getByRole('switch', { checked: true })).toHaveCount(0);
  await expect(repositories).toContainText('No repositories are synced');
});

test('Fireflies: the webhook URL is copied and regenerated; Create Task on an action item makes a real task in the chosen project', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpNewUser(page);
  await createWorkspace(page, 'Meeting Team');
  const workspaceId = await currentWorkspaceId(page);
  await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { project: zephyr } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Zephyr' });

  await page.goto('/integrations/fireflies');
  await page.getByRole('button', { name: 'Connect Fireflies' }).click();

  const webhook = page.getByLabel('Webhook URL');
  await expect(webhook).toHaveAttribute('readonly', '');
  const firstUrl = await webhook.inputValue();
  expect(firstUrl).toMatch(/^https:\/\/\S+\/[0-9a-f]{32}$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await confirmWith(page, 'Regenerate the webhook URL?', 'Regenerate');
  await expect(webhook).not.toHaveValue(firstUrl);
  const secondUrl = await webhook.inputValue();

  const meetings = page.getByRole('region', { name: 'Recent Meetings' });
  await expect(meetings).toContainText('Processed');
  await expect(meetings).toContainText('Processing');

  const title = 'Write the release notes for version 2.4';
  const items = page.getByRole('region', { name: 'Action Items' });
  await items.getByRole('button', { name: `Create Task: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Project').selectOption({ label: 'Zephyr' });
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`/projects/${zephyr.id}/tasks`));
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  const item = items.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Task created');
  const viewTask = item.getByRole('link', { name: /View task/ });
  await expect(viewTask).toBeFocused();
  await expect(viewTask).toHaveAttribute('href', new RegExp(`^/projects/${zephyr.id}/tasks/[^/]+$`));
  // The other items still offer Create Task.
  await expect(items.getByRole('button', { name: /^Create Task: / })).toHaveCount(2);

  // The task is real: stored in Zephyr, with where it came from.
  const { tasks } = await callApiAs<{ tasks: TaskBody[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${zephyr.id}/items`);
  expect(tasks.map((task) => task.title)).toEqual([title]);
  expect(tasks[0]?.description).toContain('Sprint planning');

  // Remembered in this browser, with the webhook URL.
  await page.reload();
  await expect(page.getByLabel('Webhook URL')).toHaveValue(secondUrl);
  await expect(items.getByRole('listitem').filter({ hasText: title })).toContainText('Task created');

  await items.getByRole('link', { name: /View task/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${zephyr.id}/tasks/`));
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();

  await page.goto(`/projects/${zephyr.id}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});
