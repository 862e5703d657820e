import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_SUBTASKS, projectItems, taskResponse, type ProjectSummary, type TaskView } from '../../shared/schemas/project.js';
import { taskPage } from '../../shared/schemas/task-index.js';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { weeklyPlanResponse } from '../../shared/schemas/weekly-plan.js';
import { signUpAndSignIn } from './helpers.js';
import { projectApi, workEveryDay } from './project-fixtures.js';

const config = inject('webConfig');

describe('sub-tasks through the local HTTP API (issue 36)', () => {
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let project: ProjectSummary;
  const base = () => `/workspaces/${workspaceId}/projects/${project.id}`;
  const edit = (task: TaskView, body: object) => api.call('PATCH', `${base()}/tasks/${task.id}`, { version: task.version, ...body });
  const subtask = (parent: TaskView, title: string, body: object = {}) => api.createTask(workspaceId, parent.projectId, { title, parentId: parent.id, ...body });
  const items = async () => projectItems.parse((await api.call('GET', `${base()}/items`)).body);

  beforeAll(async () => {
    const user = await signUpAndSignIn(config);
    await workEveryDay(config, user);
    api = projectApi(config, user);
    workspaceId = await api.createWorkspace('Sub-tasks');
    project = await api.createProject(workspaceId, { name: 'Launch' });
  });

  it('keeps sub-tasks in the order added, as tasks in their own right in the task index and the counts', async () => {
    const parent = await api.createTask(workspaceId, project.id, { title: 'Ship the site' });
    const first = await subtask(parent, 'Write copy', { dueDate: '2026-12-10', timeEstimate: 30, priority: 'high' });
    const second = await subtask(parent, 'Pick photos');
    expect(first).toMatchObject({ parentId: parent.id, dueDate: '2026-12-10', timeEstimate: 30, priority: 'high' });
    expect(second.position).toBeGreaterThan(first.position);
    expect(parent).not.toHaveProperty('parentId');

    const due = taskPage.parse((await api.call('GET', `/workspaces/${workspaceId}/tasks?by=due&from=2026-12-10&to=2026-12-10`)).body);
    expect(due.tasks.find((task) => task.id === first.id)).toMatchObject({ parentId: parent.id });
    expect(await api.getProject(workspaceId, project.id)).toMatchObject({ taskCount: 3, completedTaskCount: 0 });
  });

  it('refuses a sub-task of a sub-task, a parent in another project or missing, itself, a parent with sub-tasks and the 51st: 400 on parentId, nothing written', async () => {
    const parent = await api.createTask(workspaceId, project.id, { title: 'Parent' });
    const child = await subtask(parent, 'Child');
    const other = await api.createProject(workspaceId, { name: 'Elsewhere' });
    const foreign = await api.createTask(workspaceId, other.id, { title: 'Foreign' });
    const before = await api.getProject(workspaceId, project.id);

    const creations: [unknown, string][] = [
      [child.id, 'A sub-task cannot hold sub-tasks of its own'],
      [foreign.id, 'Not a task of this project'],
      ['no-such-task', 'Not a task of this project'],
      ['bad id!', 'Must contain only letters, digits, - and _'],
      [7, 'parentId must be a task id'],
    ];
    for (const [parentId, message] of creations) {
      const response = await api.call('POST', `${base()}/tasks`, { title: 'Refused', parentId });
      expect({ parentId, response }).toMatchObject({ response: { status: 400, body: { fields: [{ field: 'parentId', message }] } } });
    }
    const edits: [TaskView, unknown, string][] = [
      [parent, parent.id, 'A task cannot be its own sub-task'],
      [parent, (await api.createTask(workspaceId, project.id, { title: 'Another' })).id, 'A task with sub-tasks cannot become a sub-task'],
      [child, foreign.id, 'Not a task of this project'],
    ];
    for (const [task, parentId, message] of edits) {
      const response = await edit(task, { parentId });
      expect({ parentId, response }).toMatchObject({ response: { status: 400, body: { fields: [{ field: 'parentId', message }] } } });
    }
    expect(await edit(parent, { completeSubtasks: 'yes' })).toMatchObject({ status: 400, body: { fields: [{ field: 'completeSubtasks' }] } });

    const { tasks } = await items();
    expect(tasks.filter((task) => task.title === 'Refused')).toEqual([]);
    expect(tasks.find((task) => task.id === parent.id)).toEqual(parent);
    expect(tasks.find((task) => task.id === child.id)).toEqual(child);
    expect((await api.getProject(workspaceId, project.id)).taskCount).toBe(before.taskCount + 1);

    const full = await api.createTask(workspaceId, project.id, { title: 'Full' });
    await Promise.all(Array.from({ length: MAX_SUBTASKS - 3 }, (_, index) => subtask(full, `Step ${index}`)));
    // Six added at once with room for three: the parent's count, kept in the writes, lets exactly three through.
    const racing = await Promise.all(Array.from({ length: 6 }, (_, index) => api.call('POST', `${base()}/tasks`, { title: `Racing ${index}`, parentId: full.id })));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    for (const response of racing.filter((answer) => answer.status === 400)) {
      expect(response.body).toMatchObject({ fields: [{ field: 'parentId', message: `A task may hold at most ${MAX_SUBTASKS} sub-tasks` }] });
    }
    expect((await items()).tasks.filter((task) => task.parentId === full.id)).toHaveLength(MAX_SUBTASKS);
  }, 60_000);

  it('a task made a sub-task while a sub-task is added to it: one of the two wins, never both (one level deep)', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        const [parent, task] = await Promise.all([api.createTask(workspaceId, project.id, { title: `Holder ${index}` }), api.createTask(workspaceId, project.id, { title: `Middle ${index}` })]);
        return { parent, task };
      }),
    );
    const outcomes = await Promise.all(
      pairs.map(({ parent, task }) => Promise.all([edit(task, { parentId: parent.id }), api.call('POST', `${base()}/tasks`, { title: 'Under the middle', parentId: task.id })])),
    );
    for (const [moved, added] of outcomes) {
      expect([moved.status, added.status].filter((status) => status < 300)).toHaveLength(1);
      expect((moved.status < 300 ? added : moved).body).toMatchObject({ fields: [{ field: 'parentId' }] });
    }
    const { tasks } = await items();
    const byId = new Map(tasks.map((task) => [task.id, task]));
    expect(tasks.filter((task) => task.parentId !== undefined && byId.get(task.parentId)?.parentId !== undefined)).toEqual([]);
  });

  it('completes the open sub-tasks with their parent when asked, and only the parent otherwise', async () => {
    const parent = await api.createTask(workspaceId, project.id, { title: 'Release' });
    const done = await subtask(parent, 'Tag', { status: 'completed' });
    const open = await Promise.all([subtask(parent, 'Build'), subtask(parent, 'Publish')]);
    const alone = await api.createTask(workspaceId, project.id, { title: 'Alone' });
    const aloneChild = await subtask(alone, 'Still open');
    const before = await api.getProject(workspaceId, project.id);

    expect((await edit(alone, { completed: true })).status).toBe(200);
    const completed = await edit(parent, { completed: true, completeSubtasks: true });
    expect(completed.status).toBe(200);
    expect(taskResponse.parse(completed.body).task).toMatchObject({ completed: true, version: 2 });

    const { tasks } = await items();
    for (const task of open) expect(tasks.find((stored) => stored.id === task.id)).toMatchObject({ completed: true, status: 'completed', version: 2 });
    expect(tasks.find((stored) => stored.id === done.id)).toEqual(done);
    expect(tasks.find((stored) => stored.id === aloneChild.id)).toMatchObject({ completed: false, version: 1 });
    expect(await api.getProject(workspaceId, project.id)).toMatchObject({ taskCount: before.taskCount, completedTaskCount: before.completedTaskCount + 4 });
  });

  it('completes the open sub-tasks of a parent dropped on Completed when asked', async () => {
    const parent = await api.createTask(workspaceId, project.id, { title: 'Dropped' });
    const child = await subtask(parent, 'Along');
    const moved = await api.call('POST', `${base()}/tasks/${parent.id}/move`, { version: 1, status: 'completed', position: 5, completeSubtasks: true });
    expect(moved).toMatchObject({ status: 200, body: { task: { completed: true, position: 5 } } });
    expect((await items()).tasks.find((task) => task.id === child.id)).toMatchObject({ completed: true, version: 2 });
  });

  it('deletes a parent with its sub-tasks in one write, and the counts lose all of them', async () => {
    const parent = await api.createTask(workspaceId, project.id, { title: 'Old plan' });
    await Promise.all([subtask(parent, 'A', { status: 'completed' }), subtask(parent, 'B'), subtask(parent, 'C')]);
    const before = await api.getProject(workspaceId, project.id);
    expect((await api.call('DELETE', `${base()}/tasks/${parent.id}`)).status).toBe(204);
    const { tasks } = await items();
    expect(tasks.filter((task) => task.id === parent.id || task.parentId === parent.id)).toEqual([]);
    expect(await api.getProject(workspaceId, project.id)).toMatchObject({ taskCount: before.taskCount - 4, completedTaskCount: before.completedTaskCount - 1 });
  });

  it('promotes a sub-task to a task of its own at the end of the board, and makes a task without sub-tasks a sub-task', async () => {
    const parent = await api.createTask(workspaceId, project.id, { title: 'Website' });
    const child = await subtask(parent, 'Blog');
    const promoted = await edit(child, { parentId: null });
    expect(promoted.status).toBe(200);
    const task = taskResponse.parse(promoted.body).task;
    expect(task).not.toHaveProperty('parentId');
    expect(task.position).toBeGreaterThan(Math.max(...(await items()).tasks.filter((other) => other.id !== task.id).map((other) => other.position)));

    const again = await edit(task, { parentId: parent.id });
    expect(taskResponse.parse(again.body).task).toMatchObject({ parentId: parent.id, version: 3 });
    // Deleting the parent now takes it along; it was not deleted with the parent while promoted.
    expect((await api.call('DELETE', `${base()}/tasks/${parent.id}`)).status).toBe(204);
    expect((await items()).tasks.some((stored) => stored.id === task.id)).toBe(false);
  });

  it('plans the week with the sub-tasks, not their parent beside them, an undated one by the parent’s due date', async () => {
    const planned = await api.createWorkspace('Planned sub-tasks');
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const site = await api.createProject(planned, { name: 'Site', preferredDays: everyDay });
    const due = addDays(todayIn('UTC'), 3);
    const parent = await api.createTask(planned, site.id, { title: 'Launch', timeEstimate: 600, dueDate: due });
    await api.createTask(planned, site.id, { title: 'Venue', parentId: parent.id, timeEstimate: 60 });
    await api.createTask(planned, site.id, { title: 'Invites', parentId: parent.id, timeEstimate: 30, status: 'completed' });
    const response = await api.call('POST', `/workspaces/${planned}/weekly-plan`, { timeZone: 'UTC' });
    const { weeklyPlan } = weeklyPlanResponse.parse(response.body);
    const placed = weeklyPlan.days.flatMap((day) => day.tasks.map((task) => ({ title: task.title, date: day.date })));
    expect(placed.map((task) => task.title)).toEqual(['Venue']);
    expect(placed[0]?.date.localeCompare(due)).toBeLessThanOrEqual(0);
  });

  it('keeps the blockers rule for the sub-tasks completed with their parent: one still blocked refuses the write, nothing written', async () => {
    const strict = await api.createWorkspace('Strict');
    expect((await api.call('PATCH', `/workspaces/${strict}`, { blockersMustBeDone: true })).status).toBe(200);
    const site = await api.createProject(strict, { name: 'Site' });
    const blocker = await api.createTask(strict, site.id, { title: 'Approve budget' });
    const parent = await api.createTask(strict, site.id, { title: 'Launch' });
    const blocked = await api.createTask(strict, site.id, { title: 'Order banners', parentId: parent.id, blockedBy: [{ projectId: site.id, taskId: blocker.id }] });
    const refused = await api.call('PATCH', `/workspaces/${strict}/projects/${site.id}/tasks/${parent.id}`, { version: 1, completed: true, completeSubtasks: true });
    expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'completed', message: expect.stringContaining('Approve budget') }] } });
    const { tasks } = await api.getProjectWithItems(strict, site.id);
    expect(tasks.filter((task) => task.completed)).toEqual([]);
    expect(tasks.find((task) => task.id === blocked.id)).toEqual(blocked);
  });
});
