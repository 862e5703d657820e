import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { TaskView } from '../../shared/schemas/project.js';
import { taskPage, type TaskPage } from '../../shared/schemas/task-index.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

/**
 * The workspace-wide task index (GET /workspaces/{ws}/tasks) across projects: each question answered from its
 * index, page by page, and nothing of another workspace.
 */
describe('the task index through the local HTTP API', () => {
  let alice: TestUser;
  let bob: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  const created = new Map<string, TaskView>();

  async function tasks(query: string, user: TestUser = alice): Promise<TaskPage> {
    const response = await callApi(config, 'GET', `/workspaces/${workspaceId}/tasks?${query}`, { token: user.idToken });
    expect({ query, status: response.status, body: response.status === 200 ? undefined : response.body }).toMatchObject({ status: 200 });
    return taskPage.parse(response.body);
  }

  const titles = (page: TaskPage) => page.tasks.map((task) => task.title);

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Index');
    // Bob's first listing makes his profile, by which Add Member finds him.
    await callApi(config, 'GET', '/workspaces', { token: bob.idToken });
    expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, { token: alice.idToken, body: { email: bob.email } })).status).toBe(201);
    const [apollo, zeus] = await Promise.all([api.createProject(workspaceId, { name: 'Apollo' }), api.createProject(workspaceId, { name: 'Zeus' })]);
    const bobId = userIdOf(bob);
    // Created one after another so creation times are in this order.
    const specs = [
      ['Spec', apollo.id, { dueDate: '2026-12-03', assignedTo: bobId }],
      ['Design', zeus.id, { dueDate: '2026-12-01' }],
      ['Launch', apollo.id, { dueDate: '2026-12-10', status: 'in_progress', assignedTo: bobId }],
      ['Undated', zeus.id, { assignedTo: bobId }],
      ['Shipped', zeus.id, { dueDate: '2026-11-20', status: 'completed', assignedTo: bobId }],
      ['Overdue', apollo.id, { dueDate: '2026-11-02' }],
    ] as const;
    for (const [title, projectId, fields] of specs) created.set(title, await api.createTask(workspaceId, projectId, { title, ...fields }));
  });

  it('lists open tasks with a due date across projects, soonest first, within a date range', async () => {
    expect(titles(await tasks('by=due'))).toEqual(['Overdue', 'Design', 'Spec', 'Launch']);
    expect(titles(await tasks('by=due&from=2026-12-01&to=2026-12-03'))).toEqual(['Design', 'Spec']);
    expect(titles(await tasks('by=due&to=2026-11-30'))).toEqual(['Overdue']);
    expect(titles(await tasks('by=due&from=2026-12-04'))).toEqual(['Launch']);
    // Completed ones with a due date are apart (the calendar shows them too).
    expect(titles(await tasks('by=due&state=completed'))).toEqual(['Shipped']);
    expect(titles(await tasks('by=due&state=completed&from=2026-11-21'))).toEqual([]);
  });

  it("lists a member's open tasks (undated last) and their completed ones, newest first", async () => {
    const bobId = userIdOf(bob);
    expect(titles(await tasks(`by=assignee&assignee=${bobId}`))).toEqual(['Spec', 'Launch', 'Undated']);
    expect(titles(await tasks(`by=assignee&assignee=${bobId}&state=completed`))).toEqual(['Shipped']);
    expect(titles(await tasks(`by=assignee&assignee=${bobId}&state=completed&since=2099-01-01T00:00:00.000Z`))).toEqual([]);
    expect(titles(await tasks(`by=assignee&assignee=${userIdOf(alice)}`))).toEqual([]);
  });

  it('lists tasks by status and by latest activity, and follows a change at once', async () => {
    expect(titles(await tasks('by=status&status=in_progress'))).toEqual(['Launch']);
    expect(titles(await tasks('by=status&status=todo'))).toEqual(['Overdue', 'Undated', 'Design', 'Spec']);
    const recent = titles(await tasks('by=activity'));
    expect(recent.slice(0, 2)).toEqual(['Overdue', 'Shipped']);

    const design = created.get('Design');
    const completed = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${design?.projectId}/tasks/${design?.id}`, { version: 1, completed: true });
    expect(completed.status).toBe(200);
    expect(titles(await tasks('by=due'))).toEqual(['Overdue', 'Spec', 'Launch']);
    expect(titles(await tasks('by=status&status=completed'))).toEqual(['Design', 'Shipped']);
    // Completing moves a task from the open due dates to the completed ones.
    expect(titles(await tasks('by=due&state=completed'))).toEqual(['Shipped', 'Design']);
    // Completed since a moment: only what was completed after it.
    const designCompletedAt = (completed.body as { task: { completedAt: string } }).task.completedAt;
    expect(titles(await tasks(`by=status&status=completed&since=${designCompletedAt}`))).toEqual(['Design']);
    expect(titles(await tasks('by=status&status=completed&since=2099-01-01T00:00:00.000Z'))).toEqual([]);
    expect(titles(await tasks('by=activity'))[0]).toBe('Design');
  });

  it('pages with a cursor until the last page, each task once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TaskPage = await tasks(`by=activity&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.tasks.length).toBeLessThanOrEqual(2);
      seen.push(...titles(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it.each([
    ['', 'by'],
    ['by=everything', 'by'],
    ['by=due&from=2026-13-01', 'from'],
    ['by=due&from=2026-12-05&to=2026-12-01', 'from'],
    ['by=assignee', 'assignee'],
    ['by=assignee&assignee=a%23b', 'assignee'],
    ['by=status&status=done', 'status'],
    ['by=due&state=done', 'state'],
    ['by=activity&limit=0', 'limit'],
    ['by=activity&limit=101', 'limit'],
    ['by=activity&since=yesterday', 'since'],
    ['by=status&status=completed&since=yesterday', 'since'],
    ['by=activity&cursor=not-a-cursor', 'cursor'],
  ])('refuses the query %j with 400 naming %s', async (query, field) => {
    const response = await callApi(config, 'GET', `/workspaces/${workspaceId}/tasks?${query}`, { token: alice.idToken });
    expect(response).toMatchObject({ status: 400, body: { fields: [{ field }] } });
  });

  it("refuses a cursor made for another question or workspace, and shows outsiders nothing", async () => {
    const first = await tasks('by=activity&limit=1');
    const reused = await callApi(config, 'GET', `/workspaces/${workspaceId}/tasks?by=due&cursor=${encodeURIComponent(first.nextCursor ?? '')}`, {
      token: alice.idToken,
    });
    expect(reused).toMatchObject({ status: 400, body: { fields: [{ field: 'cursor' }] } });
    // The same list asked over other dates: its cursor's place is outside their range (DynamoDB would fail).
    const byDue = await tasks('by=due&limit=1');
    const cursor = JSON.parse(Buffer.from(byDue.nextCursor ?? '', 'base64url').toString('utf8')) as Record<string, string>;
    const forged = (changes: Record<string, string>) => Buffer.from(JSON.stringify({ ...cursor, ...changes })).toString('base64url');
    const sortKey = Object.keys(cursor).find((name) => name.endsWith('SK') && name !== 'SK') ?? 'GSI3SK';
    for (const query of [
      `by=due&from=2099-01-01&cursor=${encodeURIComponent(byDue.nextCursor ?? '')}`,
      `by=due&cursor=${forged({ PK: '' })}`,
      // Past the range's end in DynamoDB's byte order, though not in JavaScript's.
      `by=due&to=2030-01-01&cursor=${forged({ [sortKey]: '2030-01-01\u{10000}' })}`,
    ]) {
      expect(await callApi(config, 'GET', `/workspaces/${workspaceId}/tasks?${query}`, { token: alice.idToken })).toMatchObject({ status: 400, body: { fields: [{ field: 'cursor' }] } });
    }

    const outsider = await signUpAndSignIn(config);
    const elsewhere = await projectApi(config, outsider).createWorkspace('Elsewhere');
    const foreign = await callApi(config, 'GET', `/workspaces/${elsewhere}/tasks?by=activity&cursor=${encodeURIComponent(first.nextCursor ?? '')}`, {
      token: outsider.idToken,
    });
    expect(foreign).toMatchObject({ status: 400, body: { fields: [{ field: 'cursor' }] } });
    const peek = await callApi(config, 'GET', `/workspaces/${workspaceId}/tasks?by=activity`, { token: outsider.idToken });
    expect(peek).toEqual({ status: 404, body: { error: 'Workspace not found' } });
  });
});
