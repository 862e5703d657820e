import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

/**
 * Live updates at their edges: a change made before the page's subscription was confirmed, and the notice
 * while the browser is offline. (Pushes in general are covered with each page's spec.)
 */

/** Passes the WebSocket through, but holds every `subscribe` until `release()` (a slow connection). */
async function holdSubscriptions(page: Page): Promise<{ release: () => void }> {
  const held: (() => void)[] = [];
  let released = false;
  await page.routeWebSocket(
    (url) => url.protocol.startsWith('ws'),
    (socket: WebSocketRoute) => {
      const server = socket.connectToServer();
      socket.onMessage((raw) => {
        const forward = () => server.send(raw);
        if (!released && (JSON.parse(String(raw)) as { action: string }).action === 'subscribe') held.push(forward);
        else forward();
      });
    },
  );
  return {
    release: () => {
      released = true;
      held.splice(0).forEach((forward) => forward());
    },
  };
}

/** Watches the page's WebSocket (passed through): `subscribed` resolves when the server confirms a subscription. */
async function watchSubscription(page: Page): Promise<{ subscribed: Promise<void> }> {
  let confirmed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (confirmed = resolve));
  await page.routeWebSocket(
    (url) => url.protocol.startsWith('ws'),
    (socket: WebSocketRoute) => {
      const server = socket.connectToServer();
      server.onMessage((raw) => {
        if ((JSON.parse(String(raw)) as { type?: string }).type === 'subscribed') confirmed();
        socket.send(raw);
      });
    },
  );
  return { subscribed };
}

test('a change made before the page’s subscription was confirmed shows up once it is', async ({ page, browser }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Live Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  // A second tab of the same user, subscribed as usual: once it shows the change, the push has gone out.
  const observerContext = await browser.newContext({ storageState: await page.context().storageState() });
  const observer = await observerContext.newPage();
  const { subscribed } = await watchSubscription(observer);
  await observer.goto('/projects');
  await expect(observer.getByRole('main').getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await subscribed;

  const subscriptions = await holdSubscriptions(page);
  // The page's clock runs as usual, but can be moved on at once (below) instead of waited for.
  await page.clock.install();
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  // A subscription confirmed within a second of the page's reads trusts them (the stream's own delay
  // covers that time): this one is confirmed later than that.
  await page.clock.fastForward(1_500);

  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Made meanwhile' });
  await expect(observer.getByRole('main').getByText('Made meanwhile')).toBeVisible();
  // Not subscribed yet: nothing was pushed to this page.
  await expect(page.getByRole('link', { name: 'Made meanwhile' })).toHaveCount(0);

  subscriptions.release();
  await expect(page.getByRole('main').getByText('Made meanwhile')).toBeVisible();
  await observerContext.close();
});

test('offline, the page says that changes wait for the connection; back online, the notice goes', async ({ page, context }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Offline Team');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(notice).toHaveCount(0);

  await context.setOffline(true);
  await expect(notice).toHaveText('You are offline. What you change now is saved when the connection is back.');
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

test('a change made offline waits, closing the tab meanwhile asks first, and back online it is saved', async ({ page, context }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Offline Writers');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Field Trip' });
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Pack the tent', dueDate: today });
  await page.goto('/tasks?view=list');
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Pack the tent' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Complete Pack the tent' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Pack the tent' })).toBeHidden();
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();

  await context.setOffline(false);
  await expect
    .poll(async () => {
      const { tasks } = await callApiAs<{ tasks: { title: string; completed: boolean }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${project.id}/items`);
      return tasks.find((task) => task.title === 'Pack the tent')?.completed;
    })
    .toBe(true);
  // Nothing waits any more: the tab closes without asking.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
});

test('a teammate’s burst reaches the page by pushes alone, and a reconnect in its middle loses nothing', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Busy Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Busy board' });
  // The page's socket, passed through; `drop` closes it as a network would, and the page connects again.
  const sockets: WebSocketRoute[] = [];
  let subscriptions = 0;
  await page.routeWebSocket(
    (url) => url.protocol.startsWith('ws'),
    (socket: WebSocketRoute) => {
      const server = socket.connectToServer();
      server.onMessage((raw) => {
        if ((JSON.parse(String(raw)) as { type?: string }).type === 'subscribed') subscriptions += 1;
        socket.send(raw);
      });
      sockets.push(socket);
    },
  );
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith(`/workspaces/${workspaceId}/`)) reads.push(new URL(request.url()).pathname);
  });
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByRole('region', { name: 'To Do', exact: true })).toBeVisible();
  await expect.poll(() => subscriptions).toBe(1);
  reads.length = 0;

  const create = (index: number) => callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: `Burst task ${index}` });
  for (let index = 0; index < 10; index += 1) await create(index);
  const card = (index: number) => page.getByRole('group', { name: `Burst task ${index}`, exact: true });
  await expect(card(9)).toBeVisible();
  // Every one of them came with its push: the page read nothing.
  expect(reads).toEqual([]);

  // The connection drops in the middle of the burst; what is written meanwhile is pushed to nobody here.
  await sockets.at(-1)?.close();
  for (let index = 10; index < 20; index += 1) await create(index);
  await expect.poll(() => subscriptions, { timeout: 15_000 }).toBe(2);
  for (let index = 20; index < 25; index += 1) await create(index);
  for (let index = 0; index < 25; index += 1) await expect(card(index)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^25$/ })).toBeVisible(); // the Tasks count
});
