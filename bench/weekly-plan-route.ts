/**
 * The weekly plan's generate route end to end (POST /workspaces/{ws}/weekly-plan) through the local HTTP
 * gateway on DynamoDB Local, for a workspace of 1,000 pending tasks.
 *
 *   npx tsx bench/weekly-plan-route.ts [runs=3] [projects=20] [tasksPerProject=50]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20040) and data folder. Each run seeds a
 * fresh workspace (open tasks of 15 minutes, every other one assigned to the user, the rest in the team
 * pool, all due on one day of December) and generates its plan twice: the first generation moves the due
 * dates of every task it places (versioned writes in batches), the second finds them in place and writes
 * nothing. Prints the time, the DynamoDB requests of the handler by command, how many tasks were placed,
 * left out and in conflict, and the response size. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { weeklyPlanResponse } from '../shared/schemas/weekly-plan.js';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import type { WebConfig } from '../shared/web-config.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';
import { countDynamoDbRequests } from './dynamodb-requests.js';
import { seedWorkspace } from './seed-workspace.js';

const [runs = 3, projects = 20, tasksPerProject = 50] = process.argv.slice(2, 5).map(Number);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20040);

/** DynamoDB requests of the in-process handler, by command (set up when the stack runs). */
let counts: Awaited<ReturnType<typeof countDynamoDbRequests>>;

interface Generation {
  readonly ms: number;
  readonly requests: string;
  readonly placed: number;
  readonly conflicts: number;
  readonly unplaced: number;
  readonly kB: number;
}

async function generate(config: WebConfig, token: string, workspaceId: string): Promise<Generation> {
  counts.clear();
  const begin = performance.now();
  const response = await callApi(config, 'POST', `/workspaces/${workspaceId}/weekly-plan`, { token, body: { timeZone: 'UTC' } });
  const ms = performance.now() - begin;
  if (response.status !== 200) throw new Error(`generate answered ${response.status}: ${JSON.stringify(response.body)}`);
  const { weeklyPlan } = weeklyPlanResponse.parse(response.body);
  return {
    ms,
    requests: counts.text(),
    placed: weeklyPlan.days.reduce((sum, day) => sum + day.tasks.length, 0),
    conflicts: weeklyPlan.conflicts.length,
    unplaced: weeklyPlan.unplaced.length,
    kB: Buffer.byteLength(JSON.stringify(response.body)) / 1024,
  };
}

const line = (label: string, generation: Generation) =>
  `  ${label.padEnd(22)} ${generation.ms.toFixed(0).padStart(6)} ms  placed ${generation.placed}, left out ${generation.unplaced}, conflicts ${generation.conflicts}, ` +
  `${generation.kB.toFixed(1)} kB; DynamoDB ${generation.requests}`;

runBench(portBase, async (config) => {
  counts = await countDynamoDbRequests();
  console.log(`Weekly plan generation, ${projects} projects × ${tasksPerProject} open tasks, ${runs} runs:\n`);
  for (let run = 1; run <= runs; run += 1) {
    const user = await signUpAndSignIn(config, `bench-${randomUUID().slice(0, 8)}@example.com`);
    const token = user.idToken;
    const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: `Plan bench ${run}` } });
    const workspaceId = workspaceResponse.parse(created.body).workspace.id;
    const userId = String((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: unknown }).sub);
    await seedWorkspace(workspaceId, userId, projects, tasksPerProject, { statuses: ['todo', 'in_progress'], timeEstimate: 15, assignEvery: 2 });
    console.log(`run ${run}`);
    console.log(line('first (moves dates)', await generate(config, token, workspaceId)));
    console.log(line('again (nothing moves)', await generate(config, token, workspaceId)));
  }
});
