import { expect, type Locator, type Page } from '@playwright/test';
import { testInArrangedWorkspace, type Account, type ArrangedWorkspace } from './support/accounts.js';
import { SIGNED_IN_PAGES } from './support/pages.js';

/**
 * The signed-in pages fit every screen (issue 16): no sideways scroll at the widths people use, the
 * sidebar a drawer below 900 px and the header's extras folded into a More menu.
 */

const WIDTHS = [1440, 1024, 768, 390, 360] as const;
// A word with no break opportunity: titles like it must wrap, not widen the page.
const LONG_WORD = 'Supercalifragilisticexpialidocious-internationalization-preparations';

interface Arranged extends ArrangedWorkspace {
  readonly projectId: string;
  readonly taskId: string;
}

// One workspace per worker, which the tests only read.
const test = testInArrangedWorkspace(arrangeWorkspace);

/** A workspace with a project holding tasks, milestones and notes, and a workspace link; returns ids. */
async function arrangeWorkspace(account: Account): Promise<Arranged> {
  const workspaceId = await account.create('/workspaces', { name: 'Responsive Research and Development Team' }, 'workspace');
  const projectId = await account.create(
    `/workspaces/${workspaceId}/projects`,
    { name: `Apollo ${LONG_WORD}`, description: `A description with ${LONG_WORD} in it`, priority: 'high', deadline: '2030-01-31' },
    'project',
  );
  const project = `/workspaces/${workspaceId}/projects/${projectId}`;
  // A label as long as a name may be (30), unbroken: its chip, the filters and the Labels card must wrap it.
  const labelId = await account.create(`/workspaces/${workspaceId}/labels`, { name: LONG_WORD.slice(0, 30) }, 'label');
  const taskId = await account.create(`${project}/tasks`, { title: `Review ${LONG_WORD}`, description: LONG_WORD, dueDate: '2020-01-01', labelIds: [labelId] }, 'task');
  // A sub-task with a long title: the task's checklist, the card's progress and the lists' parent must wrap (issue 36).
  await account.create(`${project}/tasks`, { title: `Check ${LONG_WORD}`, parentId: taskId }, 'task');
  await account.create(`${project}/tasks`, { title: 'Ship the release', status: 'in_progress' }, 'task');
  await account.create(`${project}/tasks`, { title: 'Write the changelog', status: 'completed' }, 'task');
  await account.create(`${project}/milestones`, { title: `Beta ${LONG_WORD}`, dueDate: '2030-01-15' }, 'milestone');
  await account.create(`${project}/notes`, { title: `Note ${LONG_WORD}`, content: `# Heading ${LONG_WORD}\n\nhttps://example.org/${LONG_WORD}/${LONG_WORD}` }, 'note');
  await account.create(`/workspaces/${workspaceId}/links`, { url: `https://example.org/${LONG_WORD}/${LONG_WORD}`, category: 'Business', title: LONG_WORD }, 'link');
  return { account, workspaceId, projectId, taskId };
}

/**
 * What sticks out past the window's right edge when the page is wider than the window (else nothing): the
 * innermost such elements, so a failure names the culprit.
 */
async function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    return Array.from(document.body.querySelectorAll('*'))
      .filter((element) => out(element) && !Array.from(element.children).some(out))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} → ${Math.round(element.getBoundingClientRect().right)}`);
  });
}

/** The page at every width: the document is never wider than the window. */
async function expectFitsEveryWidth(page: Page, what: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect.soft.poll(() => sticksOut(page), { message: `${what} at ${width} px`, timeout: 3_000 }).toEqual([]);
  }
}

async function visit(page: Page, path: string, ready: Locator): Promise<void> {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(path);
  await expect(ready).toBeVisible();
}

// The pages are only read: each test takes the worker's page (its cache kept) to the page it checks.
test.describe('no signed-in page scrolls sideways at 1440, 1024, 768, 390 or 360 px', () => {
  for (const path of SIGNED_IN_PAGES) {
    test(path, async ({ workerPage: page }) => {
      await visit(page, path, page.getByRole('heading', { level: 1 }).first());
      await expectFitsEveryWidth(page, path);
    });
  }

  test('a project on the phone layout', async ({ workerPage: page, arranged }) => {
    await visit(page, `/mobile/projects/${arranged.projectId}`, page.getByRole('heading', { level: 1 }).first());
    await expectFitsEveryWidth(page, '/mobile/projects/…');
    // The bottom navigation stays one row, and the floating Add Task button sits above it, not on a tab.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const tabs = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
      const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(tops.length, `tabs at ${width} px`).toBe(5);
      expect(new Set(tops).size, `one row of tabs at ${width} px`).toBe(1);
      const fab = await page.getByRole('button', { name: 'Add Task' }).boundingBox();
      expect((fab?.y ?? Infinity) + (fab?.height ?? 0), `the Add Task button above the tabs at ${width} px`).toBeLessThanOrEqual(tops[0] ?? 0);
    }
  });

  test('every tab of the integrations catalogue, and the calendar callback', async ({ workerPage: page }) => {
    await visit(page, '/integrations', page.getByRole('heading', { level: 1 }).first());
    for (const tab of ['Connected', 'Available']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expectFitsEveryWidth(page, `/integrations, ${tab}`);
    }
    await visit(page, '/integrations/google-calendar/callback', page.getByRole('alert'));
    await expectFitsEveryWidth(page, 'the calendar callback');
  });

  test('every tab of a project, and its task dialog', async ({ workerPage: page, arranged }) => {
    await visit(page, `/projects/${arranged.projectId}`, page.getByRole('heading', { level: 1 }).first());
    await expectFitsEveryWidth(page, 'the project, Overview');
    for (const tab of ['Tasks', 'Notes']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
      await expectFitsEveryWidth(page, `the project, ${tab}`);
    }
    await visit(page, `/projects/${arranged.projectId}/tasks/${arranged.taskId}`, page.getByRole('dialog', { name: `Review ${LONG_WORD}` }));
    await expectFitsEveryWidth(page, 'the task');
    await page.getByRole('button', { name: 'Edit all fields' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible();
    await expectFitsEveryWidth(page, 'the task dialog');
  });
});

test('below 900 px the sidebar is a drawer: focus moves in and stays, Escape, the backdrop or a link close it', async ({ page }) => {
  await visit(page, '/dashboard', page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  // The page has the whole width.
  // (Once the shell's columns have followed: they move with a transition.)
  await expect.poll(async () => (await page.getByRole('main').boundingBox())?.width ?? 0).toBe(390);

  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: /^Apollo/ })).toBeVisible();
  // Focus is inside, and Tab (forwards and back) never leaves it.
  const focusInDrawer = () => page.evaluate(() => document.activeElement?.closest('dialog.nav-drawer') !== null);
  expect(await focusInDrawer()).toBe(true);
  for (let step = 0; step < 16; step += 1) {
    await page.keyboard.press(step < 12 ? 'Tab' : 'Shift+Tab');
    expect(await focusInDrawer(), `after ${step + 1} presses`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // A press on the backdrop, right of the panel.
  await menu.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(380, 400);
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // Following a link closes it; the new page's heading takes focus.
  await menu.click();
  await drawer.getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();

  // Wide again with the drawer open: the sidebar is back and the Menu button gone; narrow once more, the
  // drawer stays closed.
  await menu.click();
  await expect(drawer).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 844 });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(menu).toBeVisible();
  await expect(drawer).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 844 });
});

test("a narrow header folds the clock, the AI Assistant toggle and the theme into More; what matters stays", async ({ page }) => {
  await visit(page, '/dashboard', page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  const header = page.getByRole('banner');
  const more = header.getByRole('button', { name: 'More' });
  await expect(header.getByRole('button', { name: 'Theme' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'AI Assistant' })).toBeVisible();
  await expect(more).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(header.getByRole('button', { name: 'Theme' })).toBeHidden();
  await expect(header.getByRole('button', { name: 'AI Assistant' })).toBeHidden();
  await expect(header.getByRole('link', { name: /New York/ })).toBeHidden();
  for (const kept of [
    header.getByRole('button', { name: 'Responsive Research and Development Team' }),
    header.getByRole('combobox', { name: 'Search' }),
    header.getByRole('link', { name: 'New' }),
    header.getByRole('button', { name: 'Notifications' }),
    header.getByRole('button', { name: 'User menu' }),
  ]) {
    await expect(kept).toBeVisible();
  }
  // The search's results span the header instead of running off the screen from the narrow box.
  await header.getByRole('combobox', { name: 'Search' }).fill('Ap');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results).toBeVisible();
  const box = await results.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.keyboard.press('Escape');
  await header.getByRole('combobox', { name: 'Search' }).fill('');

  await more.click();
  const moreMenu = page.getByRole('menu', { name: 'More' });
  await expect(moreMenu.getByRole('menuitemcheckbox', { name: 'AI Assistant' })).toHaveAttribute('aria-checked', 'false');
  await expect(moreMenu.getByRole('group', { name: 'Theme' }).getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
  await moreMenu.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(more).toBeFocused();

  // The AI Assistant item opens the chat (over the page on a phone) and is checked while it is open.
  await more.click();
  await moreMenu.getByRole('menuitemcheckbox', { name: 'AI Assistant' }).click();
  await expect(page.getByRole('complementary', { name: 'AI Assistant' })).toBeVisible();
  // Opened by the user, it takes the focus; it covers the page, so the page under it is out of reach of Tab
  // and screen readers until it closes.
  await expect(page.getByRole('complementary', { name: 'AI Assistant' }).getByLabel('Message', { exact: true })).toBeFocused();
  const pageUnderChat = () => page.locator('main').evaluate((main) => main.closest('[inert]') !== null);
  expect(await pageUnderChat()).toBe(true);
  await page.getByRole('complementary', { name: 'AI Assistant' }).getByRole('button', { name: 'Close AI chat' }).click();
  expect(await pageUnderChat()).toBe(false);
  // Wider, the panel leaves part of the page in view, and that part stays usable beside it.
  await page.setViewportSize({ width: 640, height: 844 });
  await more.click();
  await moreMenu.getByRole('menuitemcheckbox', { name: 'AI Assistant' }).click();
  await expect(page.getByRole('complementary', { name: 'AI Assistant' })).toBeVisible();
  expect(await pageUnderChat()).toBe(false);
  await page.getByRole('complementary', { name: 'AI Assistant' }).getByRole('button', { name: 'Close AI chat' }).click();
  await page.setViewportSize({ width: 390, height: 844 });

  // The clock item opens the time zone planner.
  await more.click();
  await moreMenu.getByRole('menuitem', { name: /\d{1,2}:\d{2}/ }).click();
  await expect(page).toHaveURL(/\/timezones$/);

  await more.click();
  await moreMenu.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('on a project page the second skip link reaches the board', async ({ page, arranged }) => {
  await visit(page, `/projects/${arranged.projectId}`, page.getByRole('heading', { level: 1, name: /^Apollo/ }));
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  const skipToBoard = page.getByRole('button', { name: 'Skip to board' });
  await expect(skipToBoard).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Board' })).toBeFocused();
  // The next stops are the board's: its New Task button, then its cards.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Board' }).getByRole('button', { name: 'New Task' })).toBeFocused();

  // Other pages offer only Skip to content.
  await visit(page, '/dashboard', page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  await expect(skipToBoard).toHaveCount(0);
});

test('with the AI chat panel open the dashboard cards stay inside the page (the grid measures the page, not the window)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const chatPanel = page.getByRole('complementary', { name: 'AI Assistant' });
  if (await chatPanel.isVisible()) await chatPanel.getByRole('button', { name: 'Close AI chat' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'AI Assistant' }).click();
  await expect(chatPanel).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team Activity' })).toBeVisible();
  await expect(page.locator('.dashboard-grid [aria-busy="true"]')).toHaveCount(0);
  const mainRight = await page.getByRole('main').evaluate((main) => main.getBoundingClientRect().right);
  const cardRights = await page.locator('.dashboard-grid > *').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().right));
  expect(cardRights.length).toBeGreaterThan(3);
  for (const right of cardRights) expect(right).toBeLessThanOrEqual(mainRight + 0.5);
  await chatPanel.getByRole('button', { name: 'Close AI chat' }).click();
  await expect(chatPanel).toBeHidden();
});

test('the open chat panel leaves the page 720 px or covers it; the board stays one row; the workspace keeps its first word; the project header has no gap', async ({ workerPage: page, arranged }) => {
  const chatPanel = page.getByRole('complementary', { name: 'AI Assistant' });
  // After a resize the panel may close by itself (no room beside the page): tried until it shows and stays.
  const openChat = async () => {
    await expect(async () => {
      if (!(await chatPanel.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'AI Assistant' }).click();
      await expect(chatPanel).toBeVisible({ timeout: 1_000 });
    }).toPass();
  };
  const mainWidth = () => page.getByRole('main').evaluate((main) => main.getBoundingClientRect().width);
  const columnTops = () => page.locator('.task-board > .board-column').evaluateAll((columns) => columns.map((column) => Math.round(column.getBoundingClientRect().top)));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/projects/${arranged.projectId}`);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.locator('.task-board > .board-column')).toHaveCount(3);
  await openChat();

  // 1280 px, the sidebar open: the panel narrows to fit beside 720 px of page; the columns are one row.
  await expect.poll(mainWidth).toBeGreaterThanOrEqual(720);
  const tops = await columnTops();
  expect(tops).toHaveLength(3);
  expect(new Set(tops).size).toBe(1);
  // The workspace's name keeps at least its first word in the crowded header.
  const name = page.getByRole('banner').locator('.workspace-switcher-name');
  const firstWordFits = () =>
    name.evaluate((element) => {
      const probe = document.createElement('span');
      probe.textContent = (element.textContent ?? '').split(/\s+/)[0] ?? '';
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:inherit';
      element.append(probe);
      const wide = probe.getBoundingClientRect().width;
      probe.remove();
      return element.getBoundingClientRect().width >= wide - 0.5;
    });
  expect(await firstWordFits()).toBe(true);

  // Narrower, there is no room for 720 px beside it: the panel covers the page, which keeps its width.
  await page.setViewportSize({ width: 1100, height: 800 });
  // The resize's own closing of the panel can land late on a loaded machine, after it was opened again and
  // before Close is pressed: then it is opened and measured again.
  let coveredWidth = 0;
  await expect(async () => {
    await openChat();
    coveredWidth = await mainWidth();
    await chatPanel.getByRole('button', { name: 'Close AI chat' }).click({ timeout: 2_000 });
  }).toPass();
  await expect(chatPanel).toBeHidden();
  expect(Math.abs((await mainWidth()) - coveredWidth)).toBeLessThan(1);
  expect(new Set(await columnTops()).size).toBe(1);

  // A tablet keeps the first word too (a phone has no room for it beside the header's buttons).
  await page.setViewportSize({ width: 768, height: 800 });
  expect(await firstWordFits()).toBe(true);

  // A phone: the board keeps its one row (it scrolls sideways inside), and the project's actions sit right
  // under its description.
  await page.setViewportSize({ width: 390, height: 800 });
  expect(new Set(await columnTops()).size).toBe(1);
  const description = await page.locator('.project-description').boundingBox();
  const actions = await page.locator('.project-actions').boundingBox();
  if (!description || !actions) throw new Error('Not visible');
  expect(actions.y - (description.y + description.height)).toBeLessThan(40);
});
