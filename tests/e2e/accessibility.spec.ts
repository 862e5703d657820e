import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { testInArrangedWorkspace, type Account, type ArrangedWorkspace } from './support/accounts.js';
import { SIGNED_IN_PAGES } from './support/pages.js';

/**
 * Accessibility checked by machine (issue 16): axe-core on every page, in the light and the dark theme, with
 * the dialogs and menus people open; no serious or critical WCAG 2.1 A/AA violation anywhere. One test per
 * page, so they spread over the workers; each worker arranges one workspace for all of its tests.
 *
 * Each view is scanned whole in the light theme, then switched to the dark theme where it stands and scanned
 * again for what a theme changes: colours. A theme only swaps colour variables, so names, roles and
 * structure are the same in both; scanning them twice cost a third of the end-to-end run.
 */

type Theme = 'light' | 'dark';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules whose answer depends on colours (text contrast; links told apart from text by colour alone). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface Arranged extends ArrangedWorkspace {
  readonly projectId: string;
  readonly taskId: string;
}

// The pages are only read: each test takes the worker's page (its cache kept) to the page it checks.
const test = testInArrangedWorkspace(arrangeWorkspace).extend({
  page: async ({ workerPage }, use) => {
    // Wide enough that the header shows the Theme menu itself rather than folding it into More.
    await workerPage.setViewportSize({ width: 1440, height: 900 });
    await workerPage.emulateMedia({ colorScheme: 'light' });
    await use(workerPage);
  },
});

// An axe scan of a page with its dialogs takes 35–40 s of a quiet 2-core machine, close to the default 60 s:
// in a busy CI run five of them timed out. Two minutes each.
test.describe.configure({ timeout: 120_000 });

/** A date `days` from today, as the API takes it. */
function isoDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A workspace whose pages show every kind of thing: overdue, due-soon, estimated and labelled tasks, a sub-task, a milestone, a markdown note, a link. */
async function arrangeWorkspace(account: Account): Promise<Arranged> {
  const workspaceId = await account.create('/workspaces', { name: 'Accessible Team' }, 'workspace');
  const projectId = await account.create(`/workspaces/${workspaceId}/projects`, { name: 'Apollo', description: 'The launch', priority: 'high', deadline: isoDay(30) }, 'project');
  const project = `/workspaces/${workspaceId}/projects/${projectId}`;
  // A label on a task: its chip on the cards, the label filters, the picker in Edit Task, the Labels card.
  const labelId = await account.create(`/workspaces/${workspaceId}/labels`, { name: 'Needs review', color: '#F59E0B' }, 'label');
  const taskId = await account.create(
    `${project}/tasks`,
    { title: 'Review the plan', description: 'Overdue on purpose', priority: 'high', dueDate: isoDay(-3), labelIds: [labelId] },
    'task',
  );
  // A sub-task: its checklist in the task, its progress on the card, its parent named in lists (issue 36).
  await account.create(`${project}/tasks`, { title: 'Check the numbers', parentId: taskId, dueDate: isoDay(2) }, 'task');
  // A comment with a mention (issue 37): the task's Comments with its author's Edit and Delete.
  const { profile } = await account.call<{ profile: { userId: string } }>('GET', '/profile');
  await account.create(`${project}/tasks/${taskId}/comments`, { body: `Numbers **checked**, @[${profile.userId}]` }, 'comment');
  await account.create(`${project}/tasks`, { title: 'Ship the release', status: 'in_progress', dueDate: isoDay(1) }, 'task');
  await account.create(`${project}/tasks`, { title: 'Write the changelog', timeEstimate: 90, dueDate: isoDay(0) }, 'task');
  await account.create(`${project}/tasks`, { title: 'Book the venue', status: 'completed' }, 'task');
  await account.create(`${project}/milestones`, { title: 'Beta', dueDate: isoDay(10) }, 'milestone');
  const content = ['# Launch notes', '', '| Step | Owner |', '| --- | --- |', '| Build | Ana |', '', '- [x] Draft', '- [ ] Review', '', '[The site](https://example.org)'].join('\n');
  await account.create(`${project}/notes`, { title: 'Launch notes', content }, 'note');
  await account.create(`/workspaces/${workspaceId}/links`, { url: 'https://example.org/handbook', category: 'Business', title: 'Handbook' }, 'link');
  return { account, workspaceId, projectId, taskId };
}

/** The app follows the system's colour scheme unless told otherwise: the page is drawn in `theme`. */
async function expectThemed(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Checks what the page shows now, whole in the light theme and for colours in the dark one, and leaves it
 * light; every serious or critical violation is named in the failure.
 */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await expectThemed(page, 'light');
  await scan(page, `${what} (light)`, new AxeBuilder({ page }).withTags(WCAG_TAGS));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectThemed(page, 'dark');
  await scan(page, `${what} (dark)`, new AxeBuilder({ page }).withRules(COLOUR_RULES));
  await page.emulateMedia({ colorScheme: 'light' });
}

async function scan(page: Page, what: string, builder: AxeBuilder): Promise<void> {
  // Let transitions (theme, dialogs opening) settle, so colours are measured as they end up; spinners never end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await builder.analyze();
  const bad = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = bad.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 6)
        .map((node) => `    ${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`)
        .join('\n'),
  );
  expect.soft(report, `${what}: serious or critical accessibility violations`).toEqual([]);
}

/** Goes to `path` and waits until it has loaded what it shows. */
async function visit(page: Page, path: string, ready: Locator = page.getByRole('heading', { level: 1 }).first()): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

// /tasks is checked on each of its tabs and views below.
const SIMPLE_PAGES = SIGNED_IN_PAGES.filter((path) => path !== '/tasks');

for (const path of SIMPLE_PAGES) {
  test(`${path} has no serious or critical violation`, async ({ page }) => {
    await visit(page, path);
    await expectAccessible(page, path);
  });
}

test('a project on the phone layout has no serious or critical violation', async ({ page, arranged }) => {
  await visit(page, `/mobile/projects/${arranged.projectId}`);
  await expectAccessible(page, '/mobile/projects/…');
});

test('a project, its tabs and the Edit Task dialog have no serious or critical violation', async ({ page, arranged }) => {
  await visit(page, `/projects/${arranged.projectId}`);
  await expectAccessible(page, 'the project, Overview');
  for (const tab of ['Tasks', 'Notes']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
    await expectAccessible(page, `the project, ${tab}`);
  }
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tasks' })).toBeVisible();
  // The pointer off the button it pressed: the scan is of the page at rest, not of a hovered button.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the project, Tasks as a list');
  await visit(page, `/projects/${arranged.projectId}/tasks/${arranged.taskId}`, page.getByRole('dialog', { name: 'Review the plan' }));
  await expectAccessible(page, 'the task');
  await page.getByRole('button', { name: 'Edit all fields' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible();
  await expectAccessible(page, 'the Edit Task dialog');
});

test("a task's comment box with its list of members to mention open has no serious or critical violation", async ({ page, arranged }) => {
  await visit(page, `/projects/${arranged.projectId}/tasks/${arranged.taskId}`, page.getByRole('dialog', { name: 'Review the plan' }));
  await page.getByLabel('Write a comment').pressSequentially('@');
  await expect(page.getByRole('listbox', { name: 'Members to mention' })).toBeVisible();
  await expectAccessible(page, 'the mention list');
});

for (const view of ['List', 'Kanban']) {
  test(`/tasks as a ${view}, on each tab, has no serious or critical violation`, async ({ page }) => {
    await visit(page, '/tasks');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: view }).click();
    for (const tab of ['Today', 'All', 'Upcoming', 'Completed']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
      await expectAccessible(page, `/tasks, ${tab}, ${view}`);
    }
  });
}

test('the integrations tabs and the calendar callback have no serious or critical violation', async ({ page }) => {
  await visit(page, '/integrations');
  for (const tab of ['Connected', 'Available']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expectAccessible(page, `/integrations, ${tab}`);
  }
  await visit(page, '/integrations/google-calendar/callback', page.getByRole('alert'));
  await expectAccessible(page, 'the calendar callback');
});

test('dialogs and menus have no serious or critical violation', async ({ page, arranged }) => {
  await visit(page, `/projects/${arranged.projectId}`);
  await page.getByRole('button', { name: 'New Task' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();
  await expectAccessible(page, 'Create New Task');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'More project actions' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'the project actions menu');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await expectAccessible(page, 'the command palette');
  await page.keyboard.press('Escape');

  const header = page.getByRole('banner');
  for (const menu of ['User menu', 'Theme']) {
    await header.getByRole('button', { name: menu }).click();
    await expect(page.getByRole('menu', { name: menu })).toBeVisible();
    await expectAccessible(page, `the ${menu} menu`);
    await page.keyboard.press('Escape');
  }
  await header.getByRole('button', { name: /Accessible Team/ }).click();
  await expect(page.getByRole('menu', { name: 'Workspaces' })).toBeVisible();
  await expectAccessible(page, 'the workspace switcher');
  await page.keyboard.press('Escape');
});

test('the signed-out pages have no serious or critical violation', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const visitor = await context.newPage();
  for (const path of ['/', '/auth/login', '/auth/register', '/auth/reset-password', '/no-such-page']) {
    await visit(visitor, path);
    await expectAccessible(visitor, path);
  }
  await context.close();
});
