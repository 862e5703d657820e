import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface TaskBody {
  id: string;
  title: string;
}
interface ProjectBody {
  id: string;
}

// Long flows with reloads, on a machine the whole stack shares: more room than the default minute.
test.describe.configure({ timeout: 180_000 });

async function currentWorkspaceId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!id) throw new Error('No current workspace');
  return id;
}

/** A signed-in user with a workspace and one project made through the API; returns the project's URL parts. */
async function projectOfNewUser(page: Page, name: string): Promise<{ workspaceId: string; projectId: string }> {
  await signUpNewUser(page);
  await createWorkspace(page, `${name} Team`);
  const workspaceId = await currentWorkspaceId(page);
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, {
    name,
    description: 'Launch the rocket',
  });
  return { workspaceId, projectId: project.id };
}

async function addTask(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'New Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
}

const column = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** A board card: one focusable group named by its task's title. */
const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The move's answer (the board takes the stored task from it; nothing is reloaded). */
async function moveSaved(page: Page) {
  const response = await page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.url().endsWith('/move'));
  expect(response.status()).toBe(200);
}

async function openTasksTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
}

test('tasks are added in a dialog, dragged between columns with the mouse and the keyboard, and stay there after a reload', async ({ page }) => {
  const { projectId } = await projectOfNewUser(page, 'Apollo');
  // The three columns side by side (with the chat panel open they wrap, and the keyboard path below differs).
  await page.context().addCookies([{ name: 'aiChatVisible', value: 'false', url: page.url() }]);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Apollo', level: 1 })).toBeVisible();
  await expect(page.getByText('Launch the rocket')).toBeVisible();

  await addTask(page, 'Write spec');
  await addTask(page, 'Review design');
  await expect(page.getByRole('region', { name: 'To Do' })).toContainText('Write spec');

  await openTasksTab(page);
  await expect(column(page, 'To Do').getByRole('link')).toHaveText(['Write spec', 'Review design']);

  // Mouse: press, move past the 8 px threshold in steps, over the Completed column, release.
  const start = await centre(card(page, 'Write spec'));
  const target = await centre(column(page, 'Completed'));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await expect(column(page, 'Completed')).toContainText('Drop here');
  const saved = moveSaved(page);
  await page.mouse.up();
  await expect(column(page, 'Completed').getByRole('link', { name: 'Write spec' })).toBeVisible();
  await expect(column(page, 'Completed')).not.toContainText('Drop here');
  await saved;

  await page.reload();
  await openTasksTab(page);
  await expect(column(page, 'Completed').getByRole('link')).toHaveText(['Write spec']);
  await expect(column(page, 'To Do').getByRole('link')).toHaveText(['Review design']);
  await expect(page.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', '50');

  // Keyboard: focus the card, Space picks up, 25 px per arrow key until over To Do, Space drops.
  await card(page, 'Write spec').focus();
  await page.keyboard.press('Space');
  // The dragged copy is drawn over the card it lifted (a scroll still running would leave it behind).
  const [lifted, copy] = [await card(page, 'Write spec').boundingBox(), await page.locator('.task-card-overlay').boundingBox()];
  expect(Math.abs((copy?.y ?? -999) - (lifted?.y ?? 0))).toBeLessThan(30);
  for (let step = 0; step < 80 && !(await column(page, 'To Do').getByText('Drop here').isVisible()); step += 1) {
    await page.keyboard.press('ArrowLeft');
  }
  await expect(column(page, 'To Do')).toContainText('Drop here');
  const savedAgain = moveSaved(page);
  await page.keyboard.press('Space');
  await savedAgain;
  // It goes after the column's last card, and keeps the keyboard's focus there.
  await expect(column(page, 'To Do').getByRole('link')).toHaveText(['Review design', 'Write spec']);
  await expect(card(page, 'Write spec')).toBeFocused();

  await page.reload();
  await openTasksTab(page);
  await expect(column(page, 'To Do').getByRole('link')).toHaveText(['Review design', 'Write spec']);
  await expect(column(page, 'Completed').getByRole('link')).toHaveCount(0);
});

test('the Tasks tab as a list in the default view from Settings: rows by status, completed from the keyboard, opened in the task dialog; Kanban names itself in the address', async ({ page }) => {
  const { workspaceId, projectId } = await projectOfNewUser(page, 'Listed');
  const tasks = `/workspaces/${workspaceId}/projects/${projectId}/tasks`;
  await callApiAs(page, 'POST', tasks, { title: 'Write spec' });
  await callApiAs(page, 'POST', tasks, { title: 'Build API', status: 'in_progress' });
  await callApiAs(page, 'PATCH', '/profile', { defaultView: 'list' });
  await page.goto(`/projects/${projectId}`);
  await openTasksTab(page);
  const view = page.getByRole('group', { name: 'View' });
  await expect(view.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  const group = (title: string) => page.getByRole('region', { name: new RegExp(`^${title} \\d+$`) });
  await expect(group('To Do').getByRole('link')).toHaveText(['Write spec']);
  await expect(group('In Progress').getByRole('link')).toHaveText(['Build API']);

  // The circle completes from the keyboard: the row goes to Completed, saved, and the focus goes with it.
  await page.getByRole('button', { name: 'Complete Write spec' }).focus();
  const saved = moveSaved(page);
  await page.keyboard.press('Enter');
  await saved;
  await expect(group('Completed').getByRole('link')).toHaveText(['Write spec']);
  await expect(page.getByRole('button', { name: 'Mark Write spec not completed' })).toBeFocused();

  // A row's title opens the task dialog; closing it comes back to the list.
  await page.getByRole('link', { name: 'Build API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build API' });
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/tasks/`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(group('In Progress').getByRole('link')).toHaveText(['Build API']);

  // Kanban names itself in the address: a reload opens the board, on the Tasks tab.
  await view.getByRole('button', { name: 'Kanban' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}\\?view=kanban$`));
  await expect(column(page, 'Completed').getByRole('link')).toHaveText(['Write spec']);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'Build API')).toBeVisible();
});

/** Calendar days from the browser's today, as YYYY-MM-DD. */
async function dayFromToday(page: Page, offset: number): Promise<string> {
  return page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, offset);
}

test('board cards: facts in words, one Tab stop each, Move to… and the checkbox change status in one step, a drop below a short column lands in it', async ({
  page,
}) => {
  const { workspaceId, projectId } = await projectOfNewUser(page, 'Soyuz');
  const tasksPath = `/workspaces/${workspaceId}/projects/${projectId}/tasks`;
  const create = (body: object) => callApiAs(page, 'POST', tasksPath, body);
  await create({ title: 'Dock', dueDate: await dayFromToday(page, 2), timeEstimate: 90 });
  await create({ title: 'Undock', dueDate: await dayFromToday(page, -1) });
  for (const title of ['Refuel', 'Inspect', 'Report', 'Sleep']) await create({ title });
  await create({ title: 'Launch', status: 'completed' });
  const statusOf = async (title: string) => {
    const { tasks } = await callApiAs<{ tasks: { title: string; status: string; completed: boolean }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`);
    return tasks.find((task) => task.title === title);
  };

  await page.context().addCookies([{ name: 'aiChatVisible', value: 'false', url: page.url() }]);
  await page.goto(`/projects/${projectId}`);
  await openTasksTab(page);
  await expect(column(page, 'To Do').getByRole('link')).toHaveText(['Dock', 'Undock', 'Refuel', 'Inspect', 'Report', 'Sleep']);

  // Facts say what they are; the card names itself by its title and describes its shortcuts.
  await expect(card(page, 'Dock')).toContainText('Due 2 days');
  await expect(card(page, 'Dock')).toContainText('2h estimate');
  await expect(card(page, 'Undock')).toContainText('Overdue, due Yesterday');
  await expect(card(page, 'Dock')).toHaveAccessibleDescription(/Press Enter to open the task, S to move it to another column, X to select it/);
  await expect(card(page, 'Dock').getByRole('checkbox', { name: 'Dock', exact: true })).not.toBeChecked();
  await expect(card(page, 'Dock').getByRole('button', { name: 'Move to…' })).toBeVisible();

  // One Tab stop per card: Tab from a card lands on the next card, Shift+Tab on the one before.
  await card(page, 'Dock').focus();
  await page.keyboard.press('Tab');
  await expect(card(page, 'Undock')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card(page, 'Refuel')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(card(page, 'Undock')).toBeFocused();

  // S opens Move to… on the current column; a choice moves the card, and focus follows it.
  await card(page, 'Refuel').focus();
  await page.keyboard.press('s');
  const moveMenu = page.getByRole('menu', { name: 'Move to…' });
  await expect(moveMenu.getByRole('menuitemradio')).toHaveText(['To Do', 'In Progress', 'Completed']);
  await expect(moveMenu.getByRole('menuitemradio', { name: 'To Do' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  let saved = moveSaved(page);
  await page.keyboard.press('Enter');
  await saved;
  await expect(column(page, 'In Progress').getByRole('link')).toHaveText(['Refuel']);
  await expect(card(page, 'Refuel')).toBeFocused();
  expect(await statusOf('Refuel')).toMatchObject({ status: 'in_progress', completed: false });

  // The pointer: Move to… on another card, Completed.
  await card(page, 'Inspect').getByRole('button', { name: 'Move to…' }).click();
  saved = moveSaved(page);
  await page.getByRole('menuitemradio', { name: 'Completed' }).click();
  await saved;
  await expect(column(page, 'Completed').getByRole('link')).toHaveText(['Launch', 'Inspect']);
  await expect(card(page, 'Inspect').getByRole('checkbox', { name: 'Inspect', exact: true })).toBeChecked();

  // The checkbox completes and reopens (back to To Do, as in Edit Task); X on the focused card selects it for
  // a bulk edit (issue 36) and Escape clears the selection.
  saved = moveSaved(page);
  await card(page, 'Dock').getByRole('checkbox', { name: 'Dock', exact: true }).click();
  await saved;
  await expect(column(page, 'Completed').getByRole('link', { name: 'Dock', exact: true })).toBeVisible();
  expect(await statusOf('Dock')).toMatchObject({ status: 'completed', completed: true });
  await expect(card(page, 'Dock')).toBeFocused();
  await page.keyboard.press('x');
  await expect(card(page, 'Dock').getByRole('checkbox', { name: 'Select Dock' })).toBeChecked();
  await expect(page.getByRole('form', { name: 'Edit selected tasks' }).getByRole('status')).toHaveText('1 selected');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form', { name: 'Edit selected tasks' })).toHaveCount(0);
  saved = moveSaved(page);
  await card(page, 'Dock').getByRole('checkbox', { name: 'Dock', exact: true }).click();
  await saved;
  await expect(column(page, 'To Do').getByRole('link', { name: 'Dock', exact: true })).toBeVisible();
  await expect(card(page, 'Dock').getByRole('checkbox', { name: 'Dock', exact: true })).not.toBeChecked();
  expect(await statusOf('Dock')).toMatchObject({ status: 'todo', completed: false });

  // Enter on a card opens its task.
  await card(page, 'Dock').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Dock' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The board settles on the stored order (a push may reorder what the optimistic writes placed) before the
  // drag measures where the cards are.
  const { tasks } = await callApiAs<{ tasks: { title: string; status: string; position: number }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`);
  const storedToDo = tasks.filter((task) => task.status === 'todo').sort((a, b) => a.position - b.position).map((task) => task.title);
  await expect(column(page, 'To Do').getByRole('link')).toHaveText(storedToDo);

  // In Progress holds one card: drop a To Do card into the empty space well below it.
  const shortColumn = column(page, 'In Progress');
  // Centred, and the drop point well inside the window: near its edges dnd-kit scrolls the page mid-drag.
  // At once: the app's smooth scrolling would still be moving the cards while they are measured below.
  await shortColumn.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const lastCard = await card(page, 'Refuel').boundingBox();
  const columnBox = await shortColumn.boundingBox();
  if (!lastCard || !columnBox) throw new Error('Not visible');
  const below = { x: columnBox.x + columnBox.width / 2, y: lastCard.y + lastCard.height + 120 };
  expect(columnBox.y + columnBox.height - below.y).toBeGreaterThan(24);
  const start = await centre(card(page, 'Sleep'));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
  await page.mouse.move(below.x, below.y, { steps: 12 });
  await expect(shortColumn).toContainText('Drop here');
  saved = moveSaved(page);
  await page.mouse.up();
  await saved;
  await expect(shortColumn.getByRole('link')).toHaveText(['Refuel', 'Sleep']);
  expect(await statusOf('Sleep')).toMatchObject({ status: 'in_progress' });
});

test('the project header stacks on a narrow screen, its star and menus still at hand', async ({ page }) => {
  const { projectId } = await projectOfNewUser(page, 'Vega');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/projects/${projectId}`);
  const title = page.getByRole('heading', { name: 'Vega', level: 1 });
  const favorite = page.getByRole('button', { name: 'Favorite' });
  await expect(title).toBeVisible();
  await expect(favorite).toBeVisible();
  const titleBox = await title.boundingBox();
  const favoriteBox = await favorite.boundingBox();
  if (!titleBox || !favoriteBox) throw new Error('Not visible');
  // The actions sit under the title, not squeezed beside it.
  expect(favoriteBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  await page.getByRole('button', { name: 'More project actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
});

test.describe('on a touch screen', () => {
  // A tablet held upright: the three columns side by side, the page taller than the screen.
  test.use({ hasTouch: true, viewport: { width: 720, height: 700 } });

  test('a swipe over the board scrolls the page; a long press picks a card up and moves it', async ({ page }) => {
    const { workspaceId, projectId } = await projectOfNewUser(page, 'Touch');
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
      await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { title });
    }
    await page.goto(`/projects/${projectId}`);
    await openTasksTab(page);
    await expect(card(page, 'Six')).toBeVisible();
    const touch = await page.context().newCDPSession(page);
    const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      touch.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });

    // A quick upward swipe that starts on a card scrolls the page and moves nothing.
    await card(page, 'Two').scrollIntoViewIfNeeded();
    const start = await centre(card(page, 'Two'));
    const scrolledBefore = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
    // Sent together, not one round trip at a time: on a busy machine the gap could outlast the long press.
    await Promise.all([
      send('touchStart', start),
      ...[1, 2, 3, 4, 5, 6].map((step) => send('touchMove', { x: start.x, y: start.y - step * 30 })),
      send('touchEnd'),
    ]);
    await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBeGreaterThan(scrolledBefore);
    await expect(column(page, 'To Do').getByRole('link', { name: 'Two' })).toBeVisible();

    // A long press on the last card, then a move onto In Progress (the next column), moves it there.
    await card(page, 'Six').scrollIntoViewIfNeeded();
    const from = await centre(card(page, 'Six'));
    const inProgress = await column(page, 'In Progress').boundingBox();
    if (!inProgress) throw new Error('Not visible');
    const to = { x: inProgress.x + inProgress.width / 2, y: from.y };
    expect(from.y).toBeGreaterThan(0);
    expect(from.y).toBeLessThan(700);
    expect(to.x).toBeLessThan(720);
    const saved = moveSaved(page);
    await send('touchStart', from);
    // The board says when the long press has picked the card up (its live region, as a screen reader hears it:
    // 'Picked up task Six…', at once followed by 'Task Six is over To Do.').
    await expect(page.getByRole('status').filter({ hasText: /\btask Six\b/i })).toHaveCount(1);
    for (let step = 1; step <= 10; step += 1) await send('touchMove', { x: from.x + ((to.x - from.x) * step) / 10, y: from.y + ((to.y - from.y) * step) / 10 });
    await send('touchEnd', undefined);
    await saved;
    await expect(column(page, 'In Progress').getByRole('link', { name: 'Six' })).toBeVisible();
  });
});

test('a task opens by its URL, is edited and deleted with confirmation; an unknown task id goes back to the project', async ({ page }) => {
  const { workspaceId, projectId } = await projectOfNewUser(page, 'Gemini');
  const { task } = await callApiAs<{ task: TaskBody }>(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { title: 'Draft plan' });
  const projectUrl = new RegExp(`/projects/${projectId}$`);

  await page.goto(`/projects/${projectId}/tasks/${task.id}`);
  // The task opens as itself; its form is one button away.
  const view = page.getByRole('dialog', { name: 'Draft plan' });
  await expect(view.getByRole('button', { name: 'Status: To Do. Change (S)' })).toBeVisible();

  // Sub-tasks (issue 36): one added per Enter, the line kept for the next; a handle dragged with the mouse
  // reorders them; each is ticked without opening it.
  const addSubtask = view.getByLabel('Add a sub-task');
  for (const title of ['Outline', 'Research']) {
    await addSubtask.fill(title);
    await addSubtask.press('Enter');
    await expect(addSubtask).toHaveValue('');
  }
  const subtaskRows = view.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
  await expect(subtaskRows).toHaveText([/Outline/, /Research/]);
  const grabbed = await centre(view.getByRole('button', { name: 'Move Research' }));
  const above = await centre(view.getByRole('button', { name: 'Move Outline' }));
  await page.mouse.move(grabbed.x, grabbed.y);
  await page.mouse.down();
  await page.mouse.move(grabbed.x + 4, grabbed.y - 12, { steps: 4 });
  await page.mouse.move(above.x, above.y - 8, { steps: 12 });
  const reordered = moveSaved(page);
  await page.mouse.up();
  await reordered;
  await expect(subtaskRows).toHaveText([/Research/, /Outline/]);
  // Alt+Down on a handle moves it one place, and the focus stays on it.
  const researchHandle = view.getByRole('button', { name: 'Move Research' });
  await researchHandle.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(subtaskRows).toHaveText([/Outline/, /Research/]);
  await expect(researchHandle).toBeFocused();
  for (const title of ['Research', 'Outline']) {
    // Ticked as the write goes out (optimistic), not before the click returns.
    await view.getByRole('checkbox', { name: title }).click();
    await expect(view.getByRole('checkbox', { name: title })).toBeChecked();
  }
  await expect(view.getByRole('heading', { name: /Sub-tasks/ })).toContainText('2/2');
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  const openForm = async (title: string) => {
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit all fields' }).click();
    await expect(dialog).toBeVisible();
  };
  await openForm('Draft plan');
  await expect(dialog.getByLabel('Title')).toHaveValue('Draft plan');
  await expect(dialog.getByLabel('Time Estimate (minutes)')).toHaveAttribute('step', '15');

  // Escape closes and returns to the project.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(projectUrl);
  await expect(dialog).toBeHidden();

  // A card opens the task; the status selector and 'Mark as completed' move together.
  await page.getByRole('link', { name: 'Draft plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/tasks/${task.id}$`));
  await openForm('Draft plan');
  await dialog.getByLabel('Title').fill('Draft the plan');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Due Date').fill('2030-01-15');
  await dialog.getByLabel('Time Estimate (minutes)').fill('90');
  await expect(dialog.getByLabel('Assignee')).toHaveValue('');
  await dialog.getByLabel('Assignee').selectOption({ index: 1 });
  await dialog.getByLabel('Mark as completed').check();
  await expect(dialog.getByLabel('Status')).toHaveValue('completed');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByRole('region', { name: 'Completed' }).getByRole('link', { name: 'Draft the plan' })).toBeVisible();
  // Its sub-tasks are listed too, as tasks in their own right (named with their parent).
  await expect(page.getByRole('region', { name: 'Completed' }).getByRole('listitem').filter({ hasText: 'Research' })).toContainText('Sub-task of Draft the plan');
  await expect(page.getByRole('region', { name: 'Completed' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Draft the plan', exact: true }) })).toContainText('Assigned to');

  await page.reload();
  await page.getByRole('link', { name: 'Draft the plan' }).click();
  await openForm('Draft the plan');
  await expect(dialog.getByLabel('Priority')).toHaveValue('high');
  await expect(dialog.getByLabel('Due Date')).toHaveValue('2030-01-15');
  await expect(dialog.getByLabel('Time Estimate (minutes)')).toHaveValue('90');
  await expect(dialog.getByLabel('Mark as completed')).toBeChecked();
  await expect(dialog.getByLabel('Assignee')).not.toHaveValue('');
  // Blank estimate means none; unticking sends the task back to To Do; Unassigned clears the assignee.
  await dialog.getByLabel('Assignee').selectOption({ label: 'Unassigned' });
  await dialog.getByLabel('Time Estimate (minutes)').fill('');
  await dialog.getByLabel('Mark as completed').uncheck();
  await expect(dialog.getByLabel('Status')).toHaveValue('todo');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByRole('region', { name: 'To Do' }).getByRole('link', { name: 'Draft the plan' })).toBeVisible();
  const saved = await callApiAs<{ tasks: { id: string; timeEstimate: number | null; completed: boolean; status: string; assignedTo: string | null }[] }>(
    page,
    'GET',
    `/workspaces/${workspaceId}/projects/${projectId}/items`,
  );
  expect(saved.tasks.find((stored) => stored.id === task.id)).toMatchObject({ timeEstimate: null, completed: false, status: 'todo', assignedTo: null });

  // Delete asks first; Cancel keeps the task.
  await page.getByRole('link', { name: 'Draft the plan' }).click();
  await openForm('Draft the plan');
  await dialog.getByRole('button', { name: 'Delete Task' }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Delete Task' });
  await expect(confirmation).toContainText('Are you sure you want to delete this task and its 2 sub-tasks?');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  await expect(dialog).toBeVisible();
  // Escape closes the confirmation only; focus goes back to the button that opened it.
  await dialog.getByRole('button', { name: 'Delete Task' }).click();
  await expect(confirmation).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirmation).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete Task' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete Task' }).click();
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByRole('link', { name: 'Draft the plan' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gemini', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Draft the plan' })).toHaveCount(0);

  // The deleted task's URL, like any unknown one, goes back to the project and says the task is not there.
  await page.goto(`/projects/${projectId}/tasks/${task.id}`);
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByText('Task not found: it was deleted, or the link is wrong.')).toBeVisible();
  await page.goto(`/projects/${projectId}/tasks/no-such-task`);
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByText('Task not found: it was deleted, or the link is wrong.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/projects/no-such-project');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await expect(page.getByText('The project you are looking for does not exist.')).toBeVisible();
});

test('milestones, notes with a safe markdown preview, project settings, a conflicting edit, archive and delete', async ({ page }) => {
  const { workspaceId, projectId } = await projectOfNewUser(page, 'Mercury');
  const projectPath = `/workspaces/${workspaceId}/projects/${projectId}`;
  await page.goto(`/projects/${projectId}`);

  // Favourite toggle.
  const favorite = page.getByRole('button', { name: 'Favorite' });
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');

  // Edit Project: the server's rule for the name shows at the field; then a valid save.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Edit Project' });
  await settings.getByLabel('Project Name').fill('   ');
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings.getByText('Project Name is required')).toBeVisible();
  await settings.getByLabel('Project Name').fill('Mercury II');
  await settings.getByLabel('Deadline').fill('2030-06-01');
  // The weekly plan's days: Monday to Friday unless changed.
  const days = settings.getByRole('group', { name: 'Preferred Days' });
  await expect(days.getByLabel('Friday')).toBeChecked();
  await expect(days.getByLabel('Saturday')).not.toBeChecked();
  await days.getByLabel('Friday').uncheck();
  await days.getByLabel('Saturday').check();
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Mercury II', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(days.getByLabel('Friday')).not.toBeChecked();
  await expect(days.getByLabel('Saturday')).toBeChecked();
  await settings.getByRole('button', { name: 'Cancel' }).click();

  // Milestones: create, complete, edit, delete with confirmation.
  await page.getByRole('button', { name: 'New Milestone' }).click();
  const newMilestone = page.getByRole('dialog', { name: 'Create New Milestone' });
  await newMilestone.getByLabel('Title').fill('Beta');
  await newMilestone.getByLabel('Due Date').fill('2030-02-01');
  await newMilestone.getByRole('button', { name: 'Create Milestone' }).click();
  await expect(newMilestone).toBeHidden();
  // The box follows the cache, which shows the write within a tick (not within the click itself).
  await page.getByRole('checkbox', { name: 'Beta' }).click();
  await expect(page.getByRole('checkbox', { name: 'Beta' })).toBeChecked();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Beta' })).toBeChecked();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Edit milestone Beta' }).click();
  const editMilestone = page.getByRole('dialog', { name: 'Edit Milestone' });
  await editMilestone.getByLabel('Title').fill('Beta release');
  await editMilestone.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('button', { name: 'Delete milestone Beta release' }).click();
  const deleteMilestone = page.getByRole('alertdialog');
  await expect(deleteMilestone).toContainText('Are you sure you want to delete this milestone?');
  await deleteMilestone.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No milestones yet')).toBeVisible();

  // Notes: Edit/Preview tabs, 'Nothing to preview', safe links, full screen, the project selector.
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByRole('button', { name: 'New Note' }).click();
  const newNote = page.getByRole('dialog', { name: 'Create New Note' });
  await expect(newNote.getByLabel('Project')).toHaveValue(projectId);
  await newNote.getByLabel('Title').fill('Release notes');
  await newNote.getByRole('tab', { name: 'Preview' }).click();
  await expect(newNote.getByText('Nothing to preview')).toBeVisible();
  await newNote.getByRole('tab', { name: 'Edit' }).click();
  await newNote.getByLabel('Content (Markdown)').fill('# Launch\n\n[site](https://example.com) and [trap](javascript:alert(1))');
  await newNote.getByRole('tab', { name: 'Preview' }).click();
  await expect(newNote.getByRole('heading', { name: 'Launch' })).toBeVisible();
  await expect(newNote.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com');
  // The javascript: link is kept as plain text.
  await expect(newNote.getByText('trap')).toBeVisible();
  await expect(newNote.getByRole('link', { name: 'trap' })).toHaveCount(0);
  await newNote.getByRole('button', { name: 'Full screen' }).click();
  await expect(newNote.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'true');
  await newNote.getByRole('button', { name: 'Create Note' }).click();
  await expect(newNote).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Release notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete note Release notes' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this note?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Release notes' })).toBeVisible();

  // Someone else saves the task while the dialog is open. What they changed and the user did not comes into
  // the form at once (the user's typing stays), and the save goes on top of it.
  const { task } = await callApiAs<{ task: TaskBody }>(page, 'POST', `${projectPath}/tasks`, { title: 'Fuel check' });
  await page.goto(`/projects/${projectId}/tasks/${task.id}`);
  const taskDialog = page.getByRole('dialog', { name: 'Edit Task' });
  const openForm = (title: string) => page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit all fields' }).click();
  await openForm('Fuel check');
  await expect(taskDialog.getByLabel('Title')).toHaveValue('Fuel check');
  await taskDialog.getByLabel('Title').fill('Fuel check twice');
  await callApiAs(page, 'PATCH', `${projectPath}/tasks/${task.id}`, { version: 1, priority: 'high' });
  await expect(taskDialog.getByLabel('Priority')).toHaveValue('high');
  await expect(taskDialog.getByRole('status')).toContainText('Someone else just saved changes to this.');
  await expect(taskDialog.getByLabel('Title')).toHaveValue('Fuel check twice');
  await taskDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByRole('link', { name: 'Fuel check twice' })).toBeVisible();
  const merged = await callApiAs<{ tasks: { title: string; priority: string }[] }>(page, 'GET', `${projectPath}/items`);
  expect(merged.tasks).toEqual([expect.objectContaining({ title: 'Fuel check twice', priority: 'high' })]);

  // Both changed the title: the save is refused (it would undo theirs), the dialog says so and shows their
  // title, and keeps the user's other change; saving again from there works.
  await page.goto(`/projects/${projectId}/tasks/${task.id}`);
  await openForm('Fuel check twice');
  await taskDialog.getByLabel('Title').fill('Fuel check, mine');
  await taskDialog.getByLabel('Priority').selectOption('low');
  await callApiAs(page, 'PATCH', `${projectPath}/tasks/${task.id}`, { version: 3, title: 'Fuel check, theirs' });
  await taskDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(taskDialog.getByRole('alert')).toContainText('Someone else changed this in the meantime.');
  await expect(taskDialog.getByLabel('Title')).toHaveValue('Fuel check, theirs');
  await expect(taskDialog.getByLabel('Priority')).toHaveValue('low');
  await taskDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  const afterConflict = await callApiAs<{ tasks: { title: string; priority: string }[] }>(page, 'GET', `${projectPath}/items`);
  expect(afterConflict.tasks).toEqual([expect.objectContaining({ title: 'Fuel check, theirs', priority: 'low' })]);

  // Someone else deletes it while it is open: the dialog closes and says so.
  await page.goto(`/projects/${projectId}/tasks/${task.id}`);
  await openForm('Fuel check, theirs');
  await taskDialog.getByLabel('Title').fill('Typed for nothing');
  await callApiAs(page, 'DELETE', `${projectPath}/tasks/${task.id}`);
  await expect(taskDialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else deleted this task while you had it open.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));

  // Archive asks, then goes to / (which sends a signed-in user to the dashboard).
  // Archive and Delete sit in the header's overflow menu.
  const moreActions = page.getByRole('button', { name: 'More project actions' });
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await moreActions.click();
  await expect(page.getByRole('menu', { name: 'More project actions' }).getByRole('menuitem')).toHaveText(['Archive', 'Delete']);
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const archive = page.getByRole('alertdialog');
  await expect(archive).toContainText('Are you sure you want to archive this project?');
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await callApiAs<{ project: { archived: boolean } }>(page, 'GET', projectPath)).project.archived).toBe(true);

  // Delete asks, then goes to /; the project is gone.
  await page.goto(`/projects/${projectId}`);
  await moreActions.click();
  // An archived project has nothing to archive; the menu opens on its first item.
  await expect(page.getByRole('menuitem')).toHaveText(['Delete']);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  const remove = page.getByRole('alertdialog');
  // It names the project and what goes with it (the exact sentences: the unit test of deleteProjectConfirmation).
  await expect(remove).toContainText(/Are you sure you want to delete .+\? (Its .+ deleted with it|It holds no tasks, milestones or notes)\. The project waits in the Trash for 30 days\./);
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
});

test('Delete still goes to / when its own push takes the project off the page before the answer arrives', async ({ page }) => {
  const { workspaceId, projectId } = await projectOfNewUser(page, 'Soyuz');
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Soyuz', level: 1 })).toBeVisible();
  // The server deletes at once (and pushes the change); the answer is held until the push has emptied the page.
  await page.route(`**/workspaces/${workspaceId}/projects/${projectId}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    const response = await route.fetch();
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'More project actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("another member's changes to the project show on the open page without a reload: new, completed and deleted tasks, and the counts", async ({
  page,
  browser,
}) => {
  // Bob signs up first (his first listing makes the profile Add Member finds), then Alice adds him.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobEmail = await signUpNewUser(bob);
  const { workspaceId, projectId } = await projectOfNewUser(page, 'Vostok');
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/members`, { email: bobEmail });
  const { task } = await callApiAs<{ task: TaskBody }>(page, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { title: 'Check hull' });

  // Bob opens the project (his workspace list now holds Alice's workspace, the only one he has). A workspace
  // others added him to opens only once he has seen the notice: he has.
  await callApiAs(bob, 'DELETE', `/workspaces/${workspaceId}/membership/notice`);
  await bob.goto(`/projects/${projectId}`);
  await expect(bob.getByRole('heading', { name: 'Vostok', level: 1 })).toBeVisible();
  await expect(bob.getByRole('link', { name: 'Check hull' })).toBeVisible();

  // Alice works in her own browser.
  await page.goto(`/projects/${projectId}`);
  await addTask(page, 'Fuel up');
  await page.getByRole('link', { name: 'Check hull' }).click();
  // Completed from the task as it opens; Escape goes back to the board.
  const dialog = page.getByRole('dialog', { name: 'Check hull' });
  await dialog.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(dialog.getByRole('button', { name: 'Reopen task' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(bob.getByRole('link', { name: 'Fuel up' })).toBeVisible();
  await expect(bob.getByRole('region', { name: 'Completed' }).getByRole('link', { name: 'Check hull' })).toBeVisible();
  await expect(bob.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', '50');

  await callApiAs(page, 'DELETE', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task.id}`);
  await expect(bob.getByRole('link', { name: 'Check hull' })).toHaveCount(0);
  await expect(bob.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', '0');
  await bobContext.close();
});

test('a link to a project of another of your workspaces offers to open that workspace, not "Project not found"', async ({ page }) => {
  const { projectId } = await projectOfNewUser(page, 'Hermes');
  await createWorkspace(page, 'Elsewhere Team');
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This project is in another workspace' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Project not found' })).toHaveCount(0);
  // The phone layout's project page says the same.
  await page.goto(`/mobile/projects/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This project is in another workspace' })).toBeVisible();
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Open Hermes Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hermes' })).toBeVisible();
});
