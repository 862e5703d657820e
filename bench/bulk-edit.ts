/**
 * A bulk edit of 500 tasks (issue 36) through the local HTTP gateway on DynamoDB Local: the edit
 * (POST /workspaces/{ws}/tasks/bulk, the one request the /tasks page sends for a selection), its Undo
 * (…/bulk/restore), the bulk delete of them all (…/bulk/delete), and the completion of as many repeating
 * tasks (each making its next occurrence), each timed, with the DynamoDB requests of the handler by command.
 *
 *   npx tsx bench/bulk-edit.ts [runs=3] [projects=10] [tasksPerProject=50]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20080) and data folder. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { bulkDeleteTasksResponse, bulkUpdateTasksResponse } from '../shared/schemas/task-bulk.js';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';
import { countDynamoDbRequests } from './dynamodb-requests.js';
import { seedWorkspace } from './seed-workspace.js';

const [runs = 3, projects = 10, tasksPerProject = 50] = process.argv.slice(2, 5).map(Number);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20080);

/** DynamoDB requests of the in-process handler, by command (set up when the stack runs). */
let counts: Awaited<ReturnType<typeof countDynamoDbRequests>>;

/** Sends one request, prints its time, what it answers (`summary`) and the handler's DynamoDB requests. */
async function timed<T>(label: string, send: () => Promise<{ status: number; body: unknown }>, read: (body: unknown) => { answer: T; summary: string }): Promise<T> {
  counts.clear();
  const begin = performance.now();
  const response = await send();
  const ms = performance.now() - begin;
  if (response.status !== 200) throw new Error(`${label} answered ${response.status}: ${JSON.stringify(response.body)}`);
  const { answer, summary } = read(response.body);
  console.log(`  ${label.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms  1 HTTP request, ${summary}; DynamoDB ${counts.text()}`);
  return answer;
}

function updated(body: unknown) {
  const answer = bulkUpdateTasksResponse.parse(body);
  return { answer, summary: `${answer.changed.length} changed, ${answer.left.length} left` };
}

runBench(portBase, async (config) => {
  counts = await countDynamoDbRequests();
  console.log(`Bulk edit of ${projects} projects × ${tasksPerProject} tasks, ${runs} runs:\n`);
  for (let run = 1; run <= runs; run += 1) {
    const { idToken: token } = await signUpAndSignIn(config, `bench-${randomUUID().slice(0, 8)}@example.com`);
    const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: `Bulk bench ${run}` } });
    const workspaceId = workspaceResponse.parse(created.body).workspace.id;
    const userId = String((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: unknown }).sub);
    const { seeded } = await seedWorkspace(workspaceId, userId, projects, tasksPerProject);
    const tasks = seeded.flatMap((project) => project.tasks);
    const path = `/workspaces/${workspaceId}/tasks/bulk`;
    console.log(`run ${run}`);
    const edited = await timed('edit', () =>
      callApi(config, 'POST', path, { token, body: { tasks: tasks.map((task) => ({ projectId: task.projectId, taskId: task.id, version: task.version })), change: { priority: 'high', dueDate: '2026-12-24' } } }),
      updated,
    );
    const before = new Map(tasks.map((task) => [task.id, task]));
    await timed('undo', () =>
      callApi(config, 'POST', `${path}/restore`, {
        token,
        body: {
          tasks: edited.changed.map((task) => {
            const was = before.get(task.id) ?? task;
            return { projectId: task.projectId, taskId: task.id, version: task.version, fields: { priority: was.priority, dueDate: was.dueDate, assignedTo: was.assignedTo, labelIds: was.labelIds ?? [] } };
          }),
        },
      }),
      updated,
    );
    const refs = tasks.map((task) => ({ projectId: task.projectId, taskId: task.id, version: task.version + 2 }));
    await timed('delete', () => callApi(config, 'POST', `${path}/delete`, { token, body: { tasks: refs } }), (body) => {
      const answer = bulkDeleteTasksResponse.parse(body);
      return { answer, summary: `${answer.deleted.length} deleted, ${answer.left.length} left` };
    });
    // As many open repeating tasks, completed together: each makes its next occurrence.
    const repeating = (await seedWorkspace(workspaceId, userId, projects, tasksPerProject, { statuses: ['todo', 'in_progress'], repeat: { rule: 'FREQ=WEEKLY', from: 'due', timeZone: 'UTC' } })).seeded.flatMap((project) => project.tasks);
    await timed('complete', () =>
      callApi(config, 'POST', path, { token, body: { tasks: repeating.map((task) => ({ projectId: task.projectId, taskId: task.id, version: task.version })), change: { completed: true } } }),
      updated,
    );
  }
});
