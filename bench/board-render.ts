/**
 * What a large board costs the main thread: a project of N tasks (default 300, spread over the three
 * columns) on the Tasks tab of the production build, in a real Chromium slowed 4× (CDP CPU throttling, a
 * mid-range laptop on battery rather than this machine).
 *
 *   npx tsx bench/board-render.ts [runs=5] [tasks=300] [cpu-slowdown=4]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20030) and data folder, serves the built web
 * app with the stack's config.json on the next port, signs a user up and seeds one project with the data
 * layer's item builders. Each run:
 * - moves a To Do card to In Progress with the keyboard (Space picks it up, an arrow key per step until the
 *   card is over In Progress, Space drops it, the move is saved); of the steps, the heaviest counts (most
 *   move the card a little and render nothing; the one that brings it over another column does);
 * - edits another card's title through the API, as a teammate would, until the board shows the pushed change;
 * then, on /tasks (All tab: the open tasks as a list), types "Task 1" into Search tasks and deletes it again,
 * each keystroke measured.
 * Figures are the main thread's long tasks (over 50 ms, PerformanceObserver 'longtask') during each step,
 * summed: the time the page could not answer a key press. Prints figures; asserts nothing.
 */
import type { Page } from '@playwright/test';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';
import { signInInBrowser, subjectOf } from './browser-session.js';
import { seedWorkspace } from './seed-workspace.js';
import { buildWeb, launchChromium, serveBuild } from './serve-build.js';

const [runs = 5, taskCount = 300, slowdown = 4] = process.argv.slice(2, 5).map(Number);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20030);

declare global {
  interface Window {
    benchLongTasks: { start: number; duration: number }[];
  }
}

/** Sums the long tasks that start from now until `step` has finished and the page has been quiet for 300 ms. */
async function blockedDuring(page: Page, step: () => Promise<void>): Promise<number> {
  const from = await page.evaluate(() => performance.now());
  await step();
  await page.waitForTimeout(300);
  return page.evaluate((since) => window.benchLongTasks.filter((task) => task.start >= since).reduce((sum, task) => sum + task.duration, 0), from);
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const range = (values: number[]) => `median ${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

runBench(portBase, async (config) => {
  buildWeb();
  const web = await serveBuild(portBase + 4, config);
  const user = await signUpAndSignIn(config);
  const created = await callApi(config, 'POST', '/workspaces', { token: user.idToken, body: { name: 'Board bench' } });
  const workspaceId = workspaceResponse.parse(created.body).workspace.id;
  const { seeded } = await seedWorkspace(workspaceId, subjectOf(user.idToken), 1, taskCount);
  const project = seeded[0];
  if (!project) throw new Error('Nothing seeded');
  const editable = project.tasks.filter((task) => task.status === 'completed');
  const movable = project.tasks.filter((task) => task.status === 'todo');

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: web.url, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      window.benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await signInInBrowser(page, user.email);
    await page.goto(`/projects/${project.project.id}`);
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await column(page, 'To Do').getByRole('group').first().waitFor();
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

    const figures = { pickUp: [] as number[], step: [] as number[], drop: [] as number[], push: [] as number[], keystroke: [] as number[] };
    for (let run = 0; run < runs; run += 1) {
      const task = movable.at(-1 - run);
      const edited = editable[run];
      if (!task || !edited) throw new Error('Too few tasks for the runs asked');
      const card = page.getByRole('group', { name: task.title, exact: true });
      await card.focus();
      figures.pickUp.push(await blockedDuring(page, () => page.keyboard.press('Space')));
      const steps: number[] = [];
      while (!(await column(page, 'In Progress').getByText('Drop here').isVisible())) {
        if (steps.length > 80) throw new Error('The card never reached In Progress');
        steps.push(await blockedDuring(page, () => page.keyboard.press('ArrowRight')));
      }
      figures.step.push(Math.max(...steps));
      figures.drop.push(
        await blockedDuring(page, async () => {
          const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/move'));
          await page.keyboard.press('Space');
          await saved;
        }),
      );

      const title = `Renamed by a teammate ${run}`;
      figures.push.push(
        await blockedDuring(page, async () => {
          const path = `/workspaces/${workspaceId}/projects/${project.project.id}/tasks/${edited.id}`;
          const answer = await callApi(config, 'PATCH', path, { token: user.idToken, body: { version: edited.version, title } });
          if (answer.status !== 200) throw new Error(`PATCH answered ${answer.status}`);
          await page.getByRole('group', { name: title, exact: true }).waitFor();
        }),
      );
    }

    // /tasks, All tab: the same open tasks as a list; "Task 1" typed into Search tasks and cleared again.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto('/tasks');
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('button', { name: /^Focus on / }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const search = page.getByLabel('Search tasks');
    for (let run = 0; run < runs; run += 1) {
      await search.focus();
      for (const key of [...'Task 1', ...'Task 1'.split('').map(() => 'Backspace')]) {
        figures.keystroke.push(await blockedDuring(page, () => page.keyboard.press(key)));
      }
    }

    console.log(`\nBoard of ${taskCount} tasks, CPU ${slowdown}× slower, ${runs} runs: main-thread long tasks per step`);
    console.log(`  pick up a card (Space)          ${range(figures.pickUp)}`);
    console.log(`  heaviest arrow-key step (over)  ${range(figures.step)}`);
    console.log(`  drop and save (Space)           ${range(figures.drop)}`);
    console.log(`  a teammate's edit pushed        ${range(figures.push)}`);
    console.log(`/tasks, All tab (the open tasks as a list), each keystroke in Search tasks: ${range(figures.keystroke)}`);
  } finally {
    await browser.close();
    web.close();
  }
});
