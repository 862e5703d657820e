/**
 * Loading projects on the local stack: DynamoDB requests and time for the project list and one project.
 *
 *   npx tsx bench/projects-load.ts [projects=200] [tasksPerProject=50] [runs=10]
 *
 * Starts the back end on its own ports (BENCH_PORT_BASE, default 20010) and data folder, signs a user up,
 * creates a workspace through the API, then seeds it with the data layer's own item builders in
 * BatchWrites (10,000 tasks through the API would take minutes and measure nothing of interest). Each
 * project gets `tasksPerProject` tasks spread over the three columns, 3 milestones and 2 notes. Then it
 * counts the DynamoDB requests the real handlers make for GET /workspaces/{ws}/projects and
 * GET /workspaces/{ws}/projects/{id} (a middleware on the handlers' document client, which lives in this
 * process), and times `runs` calls of each through the HTTP gateway. Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { priorities, taskStatuses, type NoteView, type MilestoneView, type TaskView } from '../shared/schemas/project.js';
import { workspaceResponse } from '../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn } from '../tests/integration/helpers.js';
import { runBench } from './bench-stack.js';

const [projectCount = 200, tasksPerProject = 50, runs = 10] = process.argv.slice(2).map(Number);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 20010);

const now = new Date().toISOString();
const description = 'A task description of ordinary length, a sentence or two about what needs doing and why. '.repeat(2);

function seedProject(workspaceId: string, index: number, userId: string) {
  const id = randomUUID();
  const project = {
    id,
    workspaceId,
    name: `Project ${index}`,
    description: 'Seeded by bench/projects-load.ts',
    color: '#3B82F6',
    deadline: '2027-01-31',
    priority: priorities[index % priorities.length] ?? 'medium',
    isFavorite: index % 10 === 0,
    archived: false,
    archivedAt: null,
    preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const tasks: TaskView[] = Array.from({ length: tasksPerProject }, (_, taskIndex) => {
    const status = taskStatuses[taskIndex % taskStatuses.length] ?? 'todo';
    return {
      id: randomUUID(),
      projectId: id,
      title: `Task ${taskIndex} of project ${index}`,
      description,
      status,
      completed: status === 'completed',
      completedAt: status === 'completed' ? now : null,
      priority: priorities[taskIndex % priorities.length] ?? 'medium',
      dueDate: '2026-12-15',
      timeEstimate: 60,
      assignedTo: userId,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      position: (taskIndex + 1) * 1024,
      version: 1,
    };
  });
  const milestones: MilestoneView[] = [1, 2, 3].map((month) => ({
    id: randomUUID(),
    projectId: id,
    title: `Milestone ${month}`,
    description: '',
    dueDate: `2027-0${month}-01`,
    completed: false,
    completedAt: null,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }));
  const notes: NoteView[] = [1, 2].map((noteIndex) => ({
    id: randomUUID(),
    projectId: id,
    title: `Note ${noteIndex}`,
    content: '## Minutes\n\n- decided this\n- and that\n'.repeat(20),
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }));
  return { project, tasks, milestones, notes };
}

function summary(durations: number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return `min ${sorted[0]?.toFixed(0)} ms  median ${median.toFixed(0)} ms  max ${sorted.at(-1)?.toFixed(0)} ms  (${sorted.length} runs)`;
}

runBench(portBase, async (config) => {
  const user = await signUpAndSignIn(config);
  const token = user.idToken;
  const created = await callApi(config, 'POST', '/workspaces', { token, body: { name: 'Bench' } });
  const workspaceId = workspaceResponse.parse(created.body).workspace.id;
  const userId = String((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: unknown }).sub);

  // Loaded after the stack set the handlers' environment (TABLE_NAME, endpoint), like the handlers.
  const { documentClient } = await import('../functions/data/client.js');
  const { childItem } = await import('../functions/data/project-children.js');
  const { projectItem } = await import('../functions/data/projects.js');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');

  const started = performance.now();
  const seeded = Array.from({ length: projectCount }, (_, index) => seedProject(workspaceId, index, userId));
  const items = seeded.flatMap(({ project, tasks, milestones, notes }) => [
    projectItem({
      ...project,
      preferredDays: [...project.preferredDays],
      taskCount: tasks.length,
      completedTaskCount: tasks.filter((task) => task.completed).length,
      milestoneCount: milestones.length,
      noteCount: notes.length,
    }),
    ...tasks.map((task) => childItem('task', workspaceId, task)),
    ...milestones.map((milestone) => childItem('milestone', workspaceId, milestone)),
    ...notes.map((note) => childItem('note', workspaceId, note)),
  ]);
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const result = await documentClient.send(new BatchWriteCommand({ RequestItems: { 'taskflow-bench': requests } }));
      requests = (result.UnprocessedItems?.['taskflow-bench'] ?? []) as typeof requests;
    }
  }
  console.log(
    `Seeded ${projectCount} projects × ${tasksPerProject} tasks (+3 milestones, 2 notes each): ${items.length} items ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Count only the handlers' requests: wait until the stream fan-out of the seeding (same process, same
  // client) has gone quiet.
  const counts = new Map<string, number>();
  documentClient.middlewareStack.add((next, context) => async (args) => {
    counts.set(context.commandName ?? 'unknown', (counts.get(context.commandName ?? 'unknown') ?? 0) + 1);
    return next(args);
  });
  do {
    counts.clear();
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } while (counts.size > 0);

  const firstProjectId = seeded[0]?.project.id ?? '';
  const targets = [
    ['GET /workspaces/{ws}/projects', `/workspaces/${workspaceId}/projects`],
    ['GET /workspaces/{ws}/projects/{id}', `/workspaces/${workspaceId}/projects/${firstProjectId}`],
  ] as const;
  for (const [label, url] of targets) {
    counts.clear();
    const response = await callApi(config, 'GET', url, { token });
    if (response.status !== 200) throw new Error(`${label} answered ${response.status}`);
    const requests = [...counts].map(([command, count]) => `${count} ${command.replace(/Command$/, '')}`).join(' + ');
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    // Lambda refuses responses above 6 MB; the handlers send large bodies gzipped (the size printed here).
    const json = JSON.stringify(response.body);
    const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1000)} kB`;
    console.log(
      `${label.padEnd(36)} DynamoDB requests: ${total} (${requests}); ` +
        `response ${kilobytes(Buffer.byteLength(json))}, gzipped ${kilobytes(gzipSync(json).length)}`,
    );
  }
  for (const [label, url] of targets) {
    const durations: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const begin = performance.now();
      await callApi(config, 'GET', url, { token });
      durations.push(performance.now() - begin);
    }
    console.log(`${label.padEnd(36)} ${summary(durations)}`);
  }
});
