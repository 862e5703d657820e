/**
 * What a busy workspace costs the browsers watching it (issue 33), in a real Chromium on the production
 * build against the whole local stack:
 *
 *   npx tsx bench/realtime-burst.ts [projects=100] [creates=2000] [completions=200] [writes-per-second=100]
 *
 * 1. Page loads in a quiet workspace: a full load of /projects and of one project's page, every API request
 *    until 2 s of quiet, by route; a route read twice is listed.
 * 2. A burst: two observers (one on /projects, one on the page of a project the burst writes to) watch while
 *    a writer creates `creates` tasks over the projects and then completes `completions` of them through the
 *    API (10 at a time, paced to `writes-per-second`, 0 for as fast as they go). Per observer: the HTTP requests it makes meanwhile (goal: none caused by
 *    pushes), the frames and bytes its socket receives against the changes' own size (each write's answer,
 *    goal ≤ 2×), and the lag of the last change: from the last write's answer to its push reaching the
 *    observer, and to the project page showing it. For each stream consumer (the fan-out, the activity
 *    indexer): its invocations (stream batches) and DynamoDB requests per batch (counted by command, with
 *    the local Lambda runtime's invocation).
 *
 * Ports from BENCH_PORT_BASE (default 20080). Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { streamConsumers } from '../shared/routes.js';
import { taskView, type TaskView } from '../shared/schemas/project.js';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';
import { signInInBrowser, subjectOf } from './browser-session.js';
import { seedWorkspace } from './seed-workspace.js';
import { buildWeb, launchChromium, serveBuild } from './serve-build.js';

const [projectCount = 100, createCount = 2000, completionCount = 200, rate = 100] = process.argv.slice(2, 6).map(Number);
/** Writes under way at once; the `rate` (writes per second) paces them. */
const concurrency = 10;
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20080);

/** Every request and socket frame a page makes or receives while `recording`, with arrival times. */
function watch(page: Page, apiOrigin: string) {
  const figures = { recording: false, requests: [] as string[], requestBytes: 0, frames: 0, frameBytes: 0, lastActivity: 0, frameTexts: [] as { at: number; text: string }[] };
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!figures.recording || url.origin !== apiOrigin) return;
    figures.lastActivity = performance.now();
    figures.requests.push(`${request.method()} ${url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`);
    void request.sizes().then((sizes) => {
      figures.requestBytes += sizes.requestHeadersSize + sizes.requestBodySize + sizes.responseHeadersSize + sizes.responseBodySize;
    });
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (!figures.recording || text.includes('"pong"')) return;
      figures.lastActivity = performance.now();
      figures.frames += 1;
      figures.frameBytes += Buffer.byteLength(text);
      figures.frameTexts.push({ at: performance.now(), text });
    }),
  );
  return figures;
}

type Watched = ReturnType<typeof watch>;

async function untilQuiet(figures: Watched, quietMs = 2000): Promise<void> {
  figures.lastActivity = performance.now();
  while (performance.now() - figures.lastActivity < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Requests by route, the repeated ones marked. */
function byRoute(requests: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  return [...counts].map(([request, count]) => `    ${count > 1 ? `${count}× ` : ''}${request}`).join('\n');
}

/** Runs `work` over `items`, `limit` at a time, the n-th not before n ÷ `rate` seconds from the start. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        const due = started + (rate > 0 ? (index * 1000) / rate : 0);
        if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        await work(items[index] as T);
      }
    }),
  );
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

runBench(portBase, async (config) => {
  const { documentClient } = await import('../functions/data/client.js');
  const { runningInvocation } = await import('../local/lambda-runtime.js');
  /**
   * Each stream consumer's invocations (one per stream batch), each with its DynamoDB requests by command and
   * the time from its first request to the end of its last.
   */
  const consumers = new Map<string, Map<string, { commands: Map<string, number>; from: number; to: number }>>(streamConsumers.map((consumer) => [consumer.name, new Map()]));
  documentClient.middlewareStack.add((next, context) => async (args) => {
    const invocation = runningInvocation.getStore();
    const batches = invocation && consumers.get(invocation.functionName);
    if (!invocation || !batches) return next(args);
    const batch = batches.get(invocation.awsRequestId) ?? { commands: new Map<string, number>(), from: performance.now(), to: 0 };
    batches.set(invocation.awsRequestId, batch);
    const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
    batch.commands.set(command, (batch.commands.get(command) ?? 0) + 1);
    const result = await next(args);
    batch.to = performance.now();
    return result;
  });

  buildWeb();
  const web = await serveBuild(portBase + 4, config);
  const apiOrigin = new URL(config.apiUrl).origin;
  const user = await signUpAndSignIn(config);
  const token = user.idToken;
  const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: 'Busy workspace' } });
  const workspaceId = workspaceResponse.parse(created.body).workspace.id;
  const { seeded } = await seedWorkspace(workspaceId, subjectOf(token), projectCount, 5);
  const watchedProject = seeded[0]?.project;
  if (!watchedProject) throw new Error('Nothing seeded');
  console.log(`Seeded ${projectCount} projects × 5 tasks`);

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: web.url, viewport: { width: 1440, height: 900 } });
    const listPage = await context.newPage();
    const listFigures = watch(listPage, apiOrigin);
    await signInInBrowser(listPage, user.email);

    // 1. Full page loads in a quiet workspace.
    for (const [name, path] of [
      ['/projects', '/projects'],
      ['a project page', `/projects/${watchedProject.id}`],
    ] as const) {
      listFigures.requests = [];
      listFigures.recording = true;
      await listPage.goto(path);
      await untilQuiet(listFigures);
      listFigures.recording = false;
      const repeated = listFigures.requests.length - new Set(listFigures.requests).size;
      console.log(`\nFull load of ${name}: ${listFigures.requests.length} API requests, ${repeated} of them repeats\n${byRoute(listFigures.requests)}`);
    }

    // 2. The burst, watched from /projects and from the watched project's page.
    await listPage.goto('/projects');
    await listPage.getByText(watchedProject.name).first().waitFor();
    const projectPage = await context.newPage();
    const projectFigures = watch(projectPage, apiOrigin);
    await projectPage.goto(`/projects/${watchedProject.id}`);
    await projectPage.getByRole('tab', { name: 'Tasks' }).click();
    await Promise.all([untilQuiet(listFigures), untilQuiet(projectFigures)]);
    for (const figures of [listFigures, projectFigures]) Object.assign(figures, { recording: true, requests: [], requestBytes: 0, frames: 0, frameBytes: 0, frameTexts: [] });
    for (const batches of consumers.values()) batches.clear();

    let changeBytes = 0;
    const createdTasks: TaskView[] = [];
    const writeStarted = performance.now();
    const targets = Array.from({ length: createCount }, (_, index) => ({ index, project: seeded[index % seeded.length]?.project ?? watchedProject }));
    await inParallel(targets, concurrency, async ({ index, project }) => {
      const answer = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { token, body: { title: `Burst task ${index}` } });
      if (answer.status !== 201) throw new Error(`Create answered ${answer.status}`);
      changeBytes += Buffer.byteLength(JSON.stringify(answer.body));
      createdTasks.push(taskView.parse((answer.body as { task: unknown }).task));
    });
    // The completions end with one in the watched project, whose push and card the lag is measured by.
    const watchedTasks = createdTasks.filter((task) => task.projectId === watchedProject.id);
    const toComplete = [...createdTasks.filter((task) => task.projectId !== watchedProject.id).slice(0, completionCount - 1), ...watchedTasks.slice(-1)];
    const last = toComplete.at(-1);
    if (!last) throw new Error('Nothing to complete');
    let lastAnswered = 0;
    await inParallel(toComplete.slice(0, -1), concurrency, async (task) => {
      const answer = await callApi(config, 'PATCH', `/workspaces/${workspaceId}/projects/${task.projectId}/tasks/${task.id}`, { token, body: { version: task.version, completed: true } });
      if (answer.status !== 200) throw new Error(`Complete answered ${answer.status}`);
      changeBytes += Buffer.byteLength(JSON.stringify(answer.body));
    });
    const lastAnswer = await callApi(config, 'PATCH', `/workspaces/${workspaceId}/projects/${last.projectId}/tasks/${last.id}`, { token, body: { version: last.version, completed: true } });
    lastAnswered = performance.now();
    changeBytes += Buffer.byteLength(JSON.stringify(lastAnswer.body));
    const writeSeconds = (lastAnswered - writeStarted) / 1000;
    const writes = createCount + toComplete.length;

    await projectPage.getByRole('region', { name: 'Completed' }).getByText(last.title, { exact: true }).waitFor({ timeout: 120_000 });
    const shownAfter = performance.now() - lastAnswered;
    await Promise.all([untilQuiet(listFigures), untilQuiet(projectFigures)]);

    console.log(`\nBurst: ${createCount} creates and ${toComplete.length} completions over ${projectCount} projects in ${writeSeconds.toFixed(1)} s (${(writes / writeSeconds).toFixed(0)} writes/s, ${concurrency} at a time); the changes' own size (the API's answers) ${kb(changeBytes)}`);
    for (const [name, figures] of [
      ['Observer on /projects', listFigures],
      ['Observer on the project page', projectFigures],
    ] as const) {
      const lastPush = figures.frameTexts.find((frame) => frame.at >= lastAnswered - 5000 && frame.text.includes(last.id) && frame.text.includes('"completed":true'));
      console.log(
        `${name}: ${figures.requests.length} HTTP requests (${kb(figures.requestBytes)})${figures.requests.length > 0 ? `\n${byRoute(figures.requests)}` : ''}\n` +
          `  socket: ${figures.frames} frames, ${kb(figures.frameBytes)} = ${(figures.frameBytes / changeBytes).toFixed(2)}× the changes' size; ` +
          `the last change pushed ${lastPush ? `${(lastPush.at - lastAnswered).toFixed(0)} ms` : 'never'} after its write`,
      );
    }
    console.log(`Project page shows the last completion ${shownAfter.toFixed(0)} ms after its write`);
    for (const [name, batches] of consumers) {
      const requests = [...batches.values()].map((batch) => [...batch.commands.values()].reduce((sum, count) => sum + count, 0));
      const totals = new Map<string, number>();
      for (const batch of batches.values()) for (const [command, count] of batch.commands) totals.set(command, (totals.get(command) ?? 0) + count);
      const times = [...batches.values()].map((batch) => batch.to - batch.from);
      console.log(
        `${name}: ${batches.size} batches for ${writes} writes; DynamoDB requests per batch min/median/max ${Math.min(...requests)} / ${median(requests)} / ${Math.max(...requests)} ` +
          `(in all: ${[...totals].map(([command, count]) => `${count} ${command}`).join(', ')}); DynamoDB time per batch median/max ${median(times).toFixed(0)} / ${Math.max(...times).toFixed(0)} ms`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    web.close();
  }
});
