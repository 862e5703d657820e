import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

/**
 * Accessibility checked by machine (issue 16): axe-core on every page, in the light and the dark theme, with
 * the dialogs and menus people open; no serious or critical WCAG 2.1 A/AA violation anywhere.
 */

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// One sign-up for the whole file: the tests run in order on one page. Every signed-in page in one theme is
// about 45 scans, near 5 minutes on a busy 2-core machine: 8 minutes each.
test.describe.configure({ mode: 'serial', timeout: 480_000 });

let page: Page;
let projectId: string;
let taskId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // AxeBuilder needs a page of a context made by browser.newContext().
  // Wide enough that the header shows the Theme menu itself rather than folding it into More.
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  ({ projectId, taskId } = await arrangeWorkspace(page));
});

test.afterAll(async () => {
  await page.context().close();
});

/** A date `days` from today, as the API takes it. */
function isoDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A workspace whose pages show every kind of thing: overdue, due-soon and estimated tasks, a milestone, a markdown note, a link. */
async function arrangeWorkspace(page: Page): Promise<{ projectId: string; taskId: string }> {
  await signUpNewUser(page);
  await createWorkspace(page, 'Accessible Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!workspaceId) throw new Error('No current workspace');
  const projectId = await createAs(page, `/workspaces/${workspaceId}/projects`, { name: 'Apollo', description: 'The launch', priority: 'high', deadline: isoDay(30) }, 'project');
  const project = `/workspaces/${workspaceId}/projects/${projectId}`;
  const taskId = await createAs(page, `${project}/tasks`, { title: 'Review the plan', description: 'Overdue on purpose', priority: 'high', dueDate: isoDay(-3) }, 'task');
  await createAs(page, `${project}/tasks`, { title: 'Ship the release', status: 'in_progress', dueDate: isoDay(1) }, 'task');
  await createAs(page, `${project}/tasks`, { title: 'Write the changelog', timeEstimate: 90, dueDate: isoDay(0) }, 'task');
  await createAs(page, `${project}/tasks`, { title: 'Book the venue', status: 'completed' }, 'task');
  await createAs(page, `${project}/milestones`, { title: 'Beta', dueDate: isoDay(10) }, 'milestone');
  const content = ['# Launch notes', '', '| Step | Owner |', '| --- | --- |', '| Build | Ana |', '', '- [x] Draft', '- [ ] Review', '', '[The site](https://example.org)'].join('\n');
  await createAs(page, `${project}/notes`, { title: 'Launch notes', content }, 'note');
  await createAs(page, `/workspaces/${workspaceId}/links`, { url: 'https://example.org/handbook', category: 'Business', title: 'Handbook' }, 'link');
  return { projectId, taskId };
}

/** The page in a theme: the app follows the system's colour scheme unless told otherwise. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Checks what the page shows now (or only `include`); every serious or critical violation is named in the failure. */
async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  // Let transitions (theme, dialogs opening) settle, so colours are measured as they end up; spinners never end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
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

const SIMPLE_PAGES = [
  '/dashboard',
  '/projects',
  '/projects/new',
  '/calendar',
  '/notes',
  '/links',
  '/timezones',
  '/focus',
  '/ai',
  '/settings',
  '/workspaces/new',
  '/workspaces/settings',
  '/integrations',
  '/integrations/slack',
  '/integrations/gmail',
  '/integrations/google-calendar',
  '/integrations/github',
  '/integrations/fireflies',
  '/mobile',
  '/mobile/projects',
  '/mobile/notes',
  '/mobile/links',
];

for (const theme of THEMES) {
  test(`every signed-in page, in the ${theme} theme, has no serious or critical violation`, async () => {
    await useTheme(page, theme);
    for (const path of [...SIMPLE_PAGES, `/mobile/projects/${projectId}`]) {
      await visit(page, path);
      await expectAccessible(page, `${path} (${theme})`);
    }

    await visit(page, `/projects/${projectId}`);
    await expectAccessible(page, `the project, Overview (${theme})`);
    for (const tab of ['Tasks', 'Notes']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
      await expectAccessible(page, `the project, ${tab} (${theme})`);
    }
    await visit(page, `/projects/${projectId}/tasks/${taskId}`, page.getByRole('dialog', { name: 'Edit Task' }));
    await expectAccessible(page, `the Edit Task dialog (${theme})`);

    await visit(page, '/tasks');
    for (const view of ['List', 'Kanban']) {
      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: view }).click();
      for (const tab of ['Today', 'All', 'Upcoming', 'Completed']) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
        await expectAccessible(page, `/tasks, ${tab}, ${view} (${theme})`);
      }
    }

    await visit(page, '/integrations');
    for (const tab of ['Connected', 'Available']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expectAccessible(page, `/integrations, ${tab} (${theme})`);
    }

    await visit(page, '/integrations/google-calendar/callback', page.getByRole('alert'));
    await expectAccessible(page, `the calendar callback (${theme})`);
  });

  test(`dialogs and menus, in the ${theme} theme, have no serious or critical violation`, async () => {
    await useTheme(page, theme);
    await visit(page, `/projects/${projectId}`);
    await page.getByRole('button', { name: 'New Task' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();
    await expectAccessible(page, `Create New Task (${theme})`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'More project actions' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, `the project actions menu (${theme})`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await expectAccessible(page, `the command palette (${theme})`);
    await page.keyboard.press('Escape');

    const header = page.getByRole('banner');
    for (const menu of ['User menu', 'Theme']) {
      await header.getByRole('button', { name: menu }).click();
      await expect(page.getByRole('menu', { name: menu })).toBeVisible();
      await expectAccessible(page, `the ${menu} menu (${theme})`);
      await page.keyboard.press('Escape');
    }
    await header.getByRole('button', { name: /Accessible Team/ }).click();
    await expect(page.getByRole('menu', { name: 'Workspaces' })).toBeVisible();
    await expectAccessible(page, `the workspace switcher (${theme})`);
    await page.keyboard.press('Escape');
  });
}

test('the signed-out pages, in both themes, have no serious or critical violation', async ({ browser }) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  for (const theme of THEMES) {
    await visitor.emulateMedia({ colorScheme: theme });
    for (const path of ['/', '/auth/login', '/auth/register', '/auth/reset-password', '/no-such-page']) {
      await visit(visitor, path);
      await expect(visitor.locator('html')).toHaveAttribute('data-theme', theme);
      await expectAccessible(visitor, `${path} (${theme})`);
    }
  }
  await context.close();
});
