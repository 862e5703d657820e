import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProjectSummary } from '../../shared/schemas/project.js';
import { signUpAndSignIn, type ApiResponse, type TestUser } from './helpers.js';
import { newAccount } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

const config = inject('webConfig');

/**
 * Correctness under pressure, against real DynamoDB Local: optimistic versions let exactly one of two
 * racing edits win, many writers at once lose nothing, and a create delivered twice with the same
 * Idempotency-Key makes one item.
 */
describe('concurrent and repeated writes', () => {
  let user: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let project: ProjectSummary;

  beforeAll(async () => {
    user = await signUpAndSignIn(config);
    api = projectApi(config, user);
    workspaceId = await api.createWorkspace('Pressure');
    project = await api.createProject(workspaceId, { name: 'Contended' });
  });

  /** Sends a create the way a retrying client would: same key, same body. */
  async function createWithKey(path: string, body: unknown, key: string): Promise<ApiResponse> {
    const response = await fetch(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /** The edited field's value as stored now: the project's name, or the child's title. */
  async function storedText(kind: 'project' | 'tasks' | 'milestones' | 'notes', id: string): Promise<string | undefined> {
    const stored = await api.getProjectWithItems(workspaceId, project.id);
    return kind === 'project' ? stored.name : stored[kind].find((item) => item.id === id)?.title;
  }

  it.each(['project', 'tasks', 'milestones', 'notes'] as const)('two edits of one item (%s) with the same version: exactly one wins, the other gets 409', async (kind) => {
    const base = `/workspaces/${workspaceId}/projects/${project.id}`;
    const field = kind === 'project' ? 'name' : 'title';
    const edited = kind === 'project' ? await api.getProject(workspaceId, project.id) : await createChild(kind);
    const path = kind === 'project' ? base : `${base}/${kind}/${edited.id}`;
    const [first, second] = [`First ${randomUUID()}`, `Second ${randomUUID()}`];
    const responses = await Promise.all([first, second].map((text) => api.call('PATCH', path, { version: edited.version, [field]: text })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await storedText(kind, edited.id)).toBe(responses[0]?.status === 200 ? first : second);
  });

  function createChild(kind: 'tasks' | 'milestones' | 'notes') {
    if (kind === 'tasks') return api.createTask(workspaceId, project.id);
    if (kind === 'milestones') return api.createMilestone(workspaceId, project.id);
    return api.createNote(workspaceId, project.id);
  }

  it('50 writers adding tasks to one project at once: every task stored, the counts equal a recount', async () => {
    const busy = await api.createProject(workspaceId, { name: 'Fifty writers' });
    const writers = await Promise.all(Array.from({ length: 10 }, () => newAccount()));
    for (const writer of writers) expect((await api.call('POST', `/workspaces/${workspaceId}/members`, { email: writer.email })).status).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const writer = projectApi(config, writers[index % writers.length] ?? user);
        return writer.call('POST', `/workspaces/${workspaceId}/projects/${busy.id}/tasks`, { title: `Task ${index}`, status: index % 5 === 0 ? 'completed' : 'todo' });
      }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 201));
    const { tasks, ...summary } = await api.getProjectWithItems(workspaceId, busy.id);
    expect(tasks.map((task) => task.title).sort()).toEqual(Array.from({ length: 50 }, (_, index) => `Task ${index}`).sort());
    expect({ taskCount: summary.taskCount, completedTaskCount: summary.completedTaskCount }).toEqual({
      taskCount: tasks.length,
      completedTaskCount: tasks.filter((task) => task.completed).length,
    });
  }, 60_000);

  it('a create delivered twice with the same Idempotency-Key makes one item and answers the same both times', async () => {
    const path = `/workspaces/${workspaceId}/projects/${project.id}/tasks`;
    const key = randomUUID();
    const first = await createWithKey(path, { title: 'Once only' }, key);
    const again = await createWithKey(path, { title: 'Once only' }, key);
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    const { tasks } = await api.getProjectWithItems(workspaceId, project.id);
    expect(tasks.filter((task) => task.title === 'Once only')).toHaveLength(1);
  });

  it('duplicates racing each other still make one item; the others answer the same or 409 while it is in progress', async () => {
    const path = `/workspaces/${workspaceId}/projects`;
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 6 }, () => createWithKey(path, { name: 'Raced once' }, key)));
    expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    const created = responses.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => JSON.stringify(response.body))).size).toBe(1);
    const list = await api.call('GET', path);
    expect(JSON.stringify(list.body).split('"Raced once"').length - 1).toBe(1);
  });

  it('refuses a key reused for a different request, and a malformed key, with 400 naming Idempotency-Key', async () => {
    const path = `/workspaces/${workspaceId}/projects/${project.id}/tasks`;
    const key = randomUUID();
    expect((await createWithKey(path, { title: 'Original' }, key)).status).toBe(201);
    const reused = await createWithKey(path, { title: 'Something else' }, key);
    expect(reused).toMatchObject({ status: 400, body: { fields: [{ field: 'Idempotency-Key' }] } });
    const malformed = await createWithKey(path, { title: 'Spaced' }, 'has spaces in it');
    expect(malformed).toMatchObject({ status: 400, body: { fields: [{ field: 'Idempotency-Key' }] } });
    const { tasks } = await api.getProjectWithItems(workspaceId, project.id);
    expect(tasks.filter((task) => ['Something else', 'Spaced'].includes(task.title))).toEqual([]);
  });

  it('a create that failed gives its key back: sent again once the cause is gone, it does the work', async () => {
    const key = randomUUID();
    const missing = await createWithKey(`/workspaces/${workspaceId}/projects`, { name: '' }, key);
    expect(missing.status).toBe(400);
    const retried = await createWithKey(`/workspaces/${workspaceId}/projects`, { name: '' }, key);
    expect(retried.status).toBe(400);
    const unknownProject = `/workspaces/${workspaceId}/projects/no-such-project/tasks`;
    expect((await createWithKey(unknownProject, { title: 'Lost' }, key)).status).toBe(404);
    expect((await createWithKey(unknownProject, { title: 'Lost' }, key)).status).toBe(404);
  });
});
