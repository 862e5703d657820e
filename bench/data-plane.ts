/**
 * What the project list, a project page and one task completion cost in a small and a large workspace, side
 * by side: bytes, DynamoDB requests and time.
 *
 *   npx tsx bench/data-plane.ts [runs=10] [small=20x10] [large=200x50]
 *
 * Starts the whole local stack (web included) on its own ports (BENCH_PORT_BASE, default 20010) and data
 * folder. For each size it signs a user up, creates a workspace through the API and seeds it with the data
 * layer's own item builders (BatchWrites: thousands of tasks through the API would take minutes and measure
 * nothing of interest). Each project gets its tasks spread over the three columns, 3 milestones and 2 notes.
 *
 * - API: GET the project list, GET one project's items (the project page's own read), and PATCH one task
 *   completed: response size (as sent, gzipped when large), the DynamoDB requests the handler makes (counted
 *   by a middleware on the handlers' document client, which lives in this process) and min/median/max time.
 * - Browser: a real Chromium signed in on the project page completes a task in the Edit Task dialog; every
 *   request and push the browser sees from the click until nothing has happened for 2 s is listed, with the
 *   bytes on the wire and every DynamoDB request made meanwhile (the handler's and the stream fan-out's).
 *
 * Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import type { TaskView } from '../shared/schemas/project.js';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import type { WebConfig } from '../shared/web-config.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';
import { signInInBrowser, subjectOf } from './browser-session.js';
import { seedWorkspace } from './seed-workspace.js';
import { launchChromium } from './serve-build.js';

const [runs = 10] = process.argv.slice(2, 3).map(Number);
const sizes = (process.argv.slice(3, 5).length > 0 ? process.argv.slice(3, 5) : ['20x10', '200x50']).map((size) => {
  const [projects = 0, tasks = 0] = size.split('x').map(Number);
  return { projects, tasks };
});
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20010);

interface Timing {
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

function timing(durations: number[]): Timing {
  const sorted = [...durations].sort((a, b) => a - b);
  return { min: sorted[0] ?? NaN, median: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

interface CallFigures {
  readonly bytes: number;
  readonly gzipped: number;
  readonly dynamoRequests: string;
  readonly time: Timing;
}

interface BrowserFigures {
  readonly requests: string[];
  readonly bytes: number;
  readonly pushes: number;
  readonly pushBytes: number;
  readonly dynamoRequests: string;
  readonly shownAfter: number;
  readonly quietAfter: number;
}

interface SizeFigures {
  readonly label: string;
  readonly list: CallFigures;
  readonly page: CallFigures;
  readonly complete: CallFigures;
  readonly browser: BrowserFigures;
}

/** DynamoDB requests of the in-process handlers and fan-out, by command. */
const counts = new Map<string, number>();
const countText = () => {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const parts = [...counts].map(([command, count]) => `${count} ${command.replace(/Command$/, '')}`).join(' + ');
  return `${total}${parts ? ` (${parts})` : ''}`;
};

async function untilTableQuiet(): Promise<void> {
  do {
    counts.clear();
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } while (counts.size > 0);
}

async function measureSize(config: WebConfig, webUrl: string, browser: Browser, projectCount: number, tasksPerProject: number): Promise<SizeFigures> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const user = await signUpAndSignIn(config, email);
  const token = user.idToken;
  await callApi(config, 'GET', '/workspaces', { token });
  const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: `Bench ${projectCount}x${tasksPerProject}` } });
  const workspaceId = workspaceResponse.parse(created.body).workspace.id;
  const userId = subjectOf(token);

  const started = performance.now();
  const { seeded, itemCount } = await seedWorkspace(workspaceId, userId, projectCount, tasksPerProject);
  const label = `${projectCount} × ${tasksPerProject}`;
  console.log(`${label}: seeded ${itemCount} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await untilTableQuiet();

  const first = seeded[0];
  if (!first) throw new Error('Nothing seeded');
  const base = `/workspaces/${workspaceId}/projects`;

  async function measureCall(method: string, path: (run: number) => string, body?: (run: number) => unknown): Promise<CallFigures> {
    counts.clear();
    const response = await callApi(config, method, path(0), { token, body: body?.(0) });
    if (response.status >= 300) throw new Error(`${method} ${path(0)} answered ${response.status}`);
    const requests = countText();
    const json = JSON.stringify(response.body);
    const durations: number[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const begin = performance.now();
      const timed = await callApi(config, method, path(run), { token, body: body?.(run) });
      if (timed.status >= 300) throw new Error(`${method} ${path(run)} answered ${timed.status}`);
      durations.push(performance.now() - begin);
    }
    return { bytes: Buffer.byteLength(json), gzipped: gzipSync(json).length, dynamoRequests: requests, time: timing(durations) };
  }

  const list = await measureCall('GET', () => base);
  const page = await measureCall('GET', () => `${base}/${first.project.id}/items`);
  // A task completed and reopened in turn: each write carries the version the previous one made.
  const toggled = first.tasks.find((task) => !task.completed) ?? first.tasks[0];
  if (!toggled) throw new Error('No task to complete');
  const taskPath = `${base}/${first.project.id}/tasks/${toggled.id}`;
  const complete = await measureCall(
    'PATCH',
    () => taskPath,
    (run) => ({ version: run + 1, completed: run % 2 === 0 }),
  );
  await untilTableQuiet();

  const browserFigures = await completeInBrowser(browser, webUrl, email, first.project.id, first.tasks.find((task) => task.status === 'todo' && task.id !== toggled.id));
  return { label, list, page, complete, browser: browserFigures };
}

async function completeInBrowser(browser: Browser, webUrl: string, email: string, projectId: string, task: TaskView | undefined): Promise<BrowserFigures> {
  if (!task) throw new Error('No open task for the browser to complete');
  const context = await browser.newContext({ baseURL: webUrl });
  const page = await context.newPage();
  // Listening from the start: the page's WebSocket opens with the first signed-in page.
  let recording = false;
  const requests: string[] = [];
  let bytes = 0;
  let pushes = 0;
  let pushBytes = 0;
  let lastActivity = performance.now();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!recording || url.origin === webUrl) return; // the app's own files (Vite) are not server state
    lastActivity = performance.now();
    requests.push(`${request.method()} ${url.pathname}`);
    void request.sizes().then((sizes) => {
      bytes += sizes.requestHeadersSize + sizes.requestBodySize + sizes.responseHeadersSize + sizes.responseBodySize;
    });
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (!recording || String(payload).includes('"pong"')) return;
      lastActivity = performance.now();
      pushes += 1;
      pushBytes += Buffer.byteLength(String(payload));
    });
  });

  await signInInBrowser(page, email);
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('link', { name: task.title }).waitFor();
  await page.waitForLoadState('networkidle');
  await untilTableQuiet();

  await page.getByRole('link', { name: task.title }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await dialog.getByLabel('Mark as completed').check();
  counts.clear();
  recording = true;
  const clicked = performance.now();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('region', { name: 'Completed' }).getByRole('link', { name: task.title }).waitFor();
  const shownAfter = performance.now() - clicked;
  // Quiet: nothing for 2 s since the click or the last request or push.
  while (performance.now() - Math.max(lastActivity, clicked) < 2000) await new Promise((resolve) => setTimeout(resolve, 100));
  const figures = {
    requests,
    bytes,
    pushes,
    pushBytes,
    dynamoRequests: countText(),
    shownAfter,
    quietAfter: Math.max(lastActivity, clicked) - clicked,
  };
  await context.close();
  return figures;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const span = (time: Timing) => `${ms(time.min)} / ${ms(time.median)} / ${ms(time.max)}`;

function printTable(results: SizeFigures[]): void {
  const rows: [string, (figures: SizeFigures) => string][] = [
    ['Project list: response (gzipped)', (f) => `${kb(f.list.bytes)} (${kb(f.list.gzipped)})`],
    ['Project list: DynamoDB requests', (f) => f.list.dynamoRequests],
    ['Project list: min / median / max', (f) => span(f.list.time)],
    ['Project page items: response (gzipped)', (f) => `${kb(f.page.bytes)} (${kb(f.page.gzipped)})`],
    ['Project page items: DynamoDB requests', (f) => f.page.dynamoRequests],
    ['Project page items: min / median / max', (f) => span(f.page.time)],
    ['Complete a task (API): response', (f) => kb(f.complete.bytes)],
    ['Complete a task (API): DynamoDB requests', (f) => f.complete.dynamoRequests],
    ['Complete a task (API): min / median / max', (f) => span(f.complete.time)],
    ['Complete in the browser: requests', (f) => `${f.browser.requests.length} (${f.browser.requests.join(', ')})`],
    ['Complete in the browser: bytes on the wire', (f) => `${kb(f.browser.bytes)} + ${f.browser.pushes} pushes ${kb(f.browser.pushBytes)}`],
    ['Complete in the browser: DynamoDB requests', (f) => f.browser.dynamoRequests],
    ['Complete in the browser: shown / quiet after', (f) => `${ms(f.browser.shownAfter)} / ${ms(f.browser.quietAfter)}`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${''.padEnd(width)}  ${results.map((result) => result.label).join('  |  ')}`);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${results.map(value).join('  |  ')}`);
  const [small, large] = results;
  if (small && large) {
    const ratio = (pick: (figures: SizeFigures) => number) => (pick(large) / pick(small)).toFixed(2);
    console.log(
      `\nLarge ÷ small, median time: list ${ratio((f) => f.list.time.median)}×, project items ${ratio((f) => f.page.time.median)}×, ` +
        `completion ${ratio((f) => f.complete.time.median)}×`,
    );
  }
}

runBench(
  portBase,
  async (config, { webUrl }) => {
    if (!webUrl) throw new Error('The bench needs the web app');
    const { documentClient } = await import('../functions/data/client.js');
    documentClient.middlewareStack.add((next, context) => async (args) => {
      counts.set(context.commandName ?? 'unknown', (counts.get(context.commandName ?? 'unknown') ?? 0) + 1);
      return next(args);
    });
    const browser = await launchChromium();
    try {
      const results: SizeFigures[] = [];
      for (const { projects, tasks } of sizes) results.push(await measureSize(config, webUrl, browser, projects, tasks));
      printTable(results);
    } finally {
      await browser.close();
    }
  },
  { web: true },
);
