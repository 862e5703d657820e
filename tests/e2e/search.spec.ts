import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface Created {
  readonly id: string;
}

const currentWorkspaceId = (page: Page) => page.evaluate(() => localStorage.getItem('currentWorkspaceId') ?? '');

/** A project with a task and a note, made through the API; waits until the search index has them. */
async function arrangeOrion(page: Page): Promise<{ workspaceId: string; projectId: string; taskId: string; noteId: string }> {
  const workspaceId = await currentWorkspaceId(page);
  const base = `/workspaces/${workspaceId}/projects`;
  const { project } = await callApiAs<{ project: Created }>(page, 'POST', base, { name: 'Orion launch' });
  const { task } = await callApiAs<{ task: Created }>(page, 'POST', `${base}/${project.id}/tasks`, { title: 'Orion checklist' });
  await callApiAs(page, 'POST', `${base}/${project.id}/tasks`, { title: 'Paint the orion logo' });
  const { note } = await callApiAs<{ note: Created }>(page, 'POST', `${base}/${project.id}/notes`, { title: 'Launch minutes', content: 'Telescope calibration went well.' });
  // The index follows the table's stream: wait until it has caught up.
  await expect
    .poll(async () => (await callApiAs<{ results: unknown[] }>(page, 'GET', `/workspaces/${workspaceId}/search?q=orion`)).results.length, { timeout: 15_000 })
    .toBe(3);
  await expect
    .poll(async () => (await callApiAs<{ results: unknown[] }>(page, 'GET', `/workspaces/${workspaceId}/search?q=telescope`)).results.length, { timeout: 15_000 })
    .toBe(1);
  return { workspaceId, projectId: project.id, taskId: task.id, noteId: note.id };
}

test('the header search ranks results as you type; arrows and Enter open a task, a note and a project', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Search Team');
  const { projectId, taskId } = await arrangeOrion(page);
  await page.reload();

  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill('orion che');
  const results = page.getByRole('listbox', { name: 'Search results' });
  const options = results.getByRole('option');
  await expect(options).toHaveCount(3);
  // Both words first; then the two titles with one word, the one starting with it first.
  await expect(options.nth(0)).toContainText('Orion checklist');
  await expect(options.nth(0)).toContainText('Task');
  await expect(options.nth(0)).toContainText('Orion launch');
  await expect(options.nth(1)).toContainText('Orion launch');
  await expect(options.nth(1)).toContainText('Project');
  await expect(options.nth(2)).toContainText('Paint the orion logo');
  await expect(search).toHaveAttribute('aria-expanded', 'true');

  await search.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? 'missing');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/tasks/${taskId}$`));
  await expect(page.getByRole('dialog', { name: 'Orion checklist' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Orion checklist' })).toBeHidden();

  // A word of a note's text finds the note; Enter opens it on its project's page.
  await search.fill('telesc');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Launch minutes');
  await expect(options.first()).toContainText('Note');
  await search.press('ArrowDown');
  await search.press('Enter');
  const noteDialog = page.getByRole('dialog', { name: 'Launch minutes' });
  await expect(noteDialog).toContainText('Telescope calibration went well.');
  await page.keyboard.press('Escape');
  await expect(noteDialog).toBeHidden();

  // Escape closes the list; nothing found says so.
  await page.goto('/dashboard');
  await search.fill('zzzz');
  await expect(page.getByRole('search').getByRole('status')).toHaveText('No results for “zzzz”');
  await search.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.fill('orion launch');
  await expect(options.first()).toContainText('Orion launch');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
});

test('⌘K opens the command palette: go to a project, toggle the theme, switch workspace', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Palette Team');
  const { projectId } = await arrangeOrion(page);
  const { workspace: other } = await callApiAs<{ workspace: Created }>(page, 'POST', '/workspaces', { name: 'Second Team' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  const filter = palette.getByRole('combobox', { name: 'Type a command' });
  await expect(filter).toBeFocused();
  await filter.fill('orion');
  await expect(palette.getByRole('option', { name: 'Open project Orion launch' })).toBeVisible();
  await filter.fill('open orion');
  await filter.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));

  // What the search finds comes under the commands: one palette for both.
  await page.keyboard.press('Control+k');
  await filter.fill('checklist');
  const results = palette.getByRole('group', { name: 'Search results' });
  await expect(results.getByRole('option', { name: 'Orion checklist Task · Orion launch' })).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Commands' })).toHaveCount(0);
  await filter.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Orion checklist' })).toBeVisible();
  await page.keyboard.press('Escape');

  const theme = await page.locator('html').getAttribute('data-theme');
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('toggle theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme === 'dark' ? 'light' : 'dark');

  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('switch second');
  await page.keyboard.press('ArrowDown');
  await expect(palette.getByRole('option', { name: 'Switch to workspace Second Team' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(() => currentWorkspaceId(page)).toBe(other.id);

  // Escape closes it without running anything.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test("'?' lists the shortcuts, 'c' creates a task (on a project board at once, elsewhere after choosing the project), and neither fires while typing", async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Shortcut Team');
  const workspaceId = await currentWorkspaceId(page);
  const { project } = await callApiAs<{ project: Created }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Vega' });
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vega' })).toBeVisible();

  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts).toContainText('Open the command palette');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.keyboard.press('c');
  const create = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(create).toBeVisible();
  await create.getByLabel('Title').fill('Made with c');
  await create.getByRole('button', { name: 'Create Task' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('link', { name: 'Made with c' })).toBeVisible();

  // Typed into the search box, 'c' and '?' are text, not shortcuts.
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.click();
  await page.keyboard.type('c?');
  await expect(search).toHaveValue('c?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Elsewhere 'c' asks which project: the palette lists only its "New task in …" commands.
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await page.keyboard.press('c');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toHaveValue('New task in ');
  await expect(palette.getByRole('option')).toHaveText(['New task in Vega']);
  // The first option is highlighted from the start: it is the one Enter runs.
  await expect(palette.getByRole('option', { name: 'New task in Vega' })).toHaveAttribute('aria-selected', 'true');
  await expect(palette.getByRole('combobox')).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}`));
  await page.keyboard.press('Escape');

  // '/' goes to the search box.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();

  // They can be turned off (WCAG 2.1.4), in the '?' dialog or in Settings, and then no single key acts.
  await search.blur();
  await page.keyboard.press('?');
  await shortcuts.getByRole('checkbox', { name: 'Single-key shortcuts (/, c and ?)' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  for (const key of ['/', 'c', '?']) await page.keyboard.press(key);
  await expect(search).not.toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/settings');
  const toggle = page.getByRole('checkbox', { name: 'Single-key shortcuts (/, c and ?)' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await toggle.blur();
  await page.keyboard.press('?');
  await expect(shortcuts).toBeVisible();
});
