import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { taskResponse, type TaskView } from '../../shared/schemas/project.js';
import { savedWeeklyPlanResponse, weeklyPlanResponse } from '../../shared/schemas/weekly-plan.js';
import { signUpAndSignIn, type TestUser } from './helpers.js';
import { addMember, newAccount } from './member-fixtures.js';
import { projectApi, workEveryDay } from './project-fixtures.js';

const config = inject('webConfig');
const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe('dependencies between tasks through the local HTTP API (issue 31)', () => {
  let owner: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let design: string;
  let build: string;
  const ref = (task: TaskView) => ({ projectId: task.projectId, taskId: task.id });
  const taskPath = (task: TaskView) => `/workspaces/${workspaceId}/projects/${task.projectId}/tasks/${task.id}`;
  const edit = async (task: TaskView, body: object) => api.call('PATCH', taskPath(task), { version: task.version, ...body });

  beforeAll(async () => {
    owner = await signUpAndSignIn(config);
    await workEveryDay(config, owner);
    api = projectApi(config, owner);
    workspaceId = await api.createWorkspace('Dependencies');
    design = (await api.createProject(workspaceId, { name: 'Design', preferredDays: everyDay })).id;
    build = (await api.createProject(workspaceId, { name: 'Build', preferredDays: everyDay })).id;
  });

  it('keeps a blocker from any project of the workspace, and clears the list with []', async () => {
    const spec = await api.createTask(workspaceId, design, { title: 'Write spec' });
    const code = await api.createTask(workspaceId, build, { title: 'Write code', blockedBy: [ref(spec)] });
    expect(code.blockedBy).toEqual([ref(spec)]);
    const cleared = await edit(code, { blockedBy: [] });
    expect(cleared.status).toBe(200);
    expect(taskResponse.parse(cleared.body).task).not.toHaveProperty('blockedBy');
  });

  it('refuses itself, a task of another workspace, an unknown task, a repeat, too many and a cycle: 400 on blockedBy, nothing written', async () => {
    const a = await api.createTask(workspaceId, design, { title: 'A' });
    const b = await api.createTask(workspaceId, design, { title: 'B', blockedBy: [ref(a)] });
    const c = await api.createTask(workspaceId, build, { title: 'C', blockedBy: [ref(b)] });
    const elsewhere = await api.createWorkspace('Elsewhere');
    const foreign = await api.createTask(elsewhere, (await api.createProject(elsewhere, { name: 'Other' })).id, { title: 'Foreign' });

    const refusals: [unknown, string][] = [
      [[ref(a)], 'A task cannot block itself'],
      [[{ projectId: foreign.projectId, taskId: foreign.id }], `Not a task of this workspace: ${foreign.id}`],
      [[{ projectId: design, taskId: 'no-such-task' }], 'Not a task of this workspace: no-such-task'],
      [[ref(c)], 'That would make a cycle: A → C → B → A (each waits for the next)'],
      [[ref(b), ref(b)], 'Each blocking task may be listed once'],
      [Array.from({ length: 21 }, (_, index) => ({ projectId: design, taskId: `t${index}` })), 'A task may be blocked by at most 20 tasks'],
      ['Write spec', 'blockedBy must be a list of tasks'],
    ];
    for (const [blockedBy, message] of refusals) {
      const response = await edit(a, { blockedBy });
      expect({ blockedBy, response }).toMatchObject({ response: { status: 400, body: { fields: [{ field: 'blockedBy', message }] } } });
    }
    // A new task's blockers are checked too.
    const created = await api.call('POST', `/workspaces/${workspaceId}/projects/${design}/tasks`, { title: 'New', blockedBy: [{ projectId: foreign.projectId, taskId: foreign.id }] });
    expect(created).toMatchObject({ status: 400, body: { fields: [{ field: 'blockedBy' }] } });
    // Nothing was written: A is as it was.
    const { tasks } = await api.getProjectWithItems(workspaceId, design);
    expect(tasks.find((task) => task.id === a.id)).toMatchObject({ version: a.version });
    expect(tasks.find((task) => task.id === a.id)).not.toHaveProperty('blockedBy');
    expect(tasks.some((task) => task.title === 'New')).toBe(false);
  });

  it('with the setting on, refuses to complete a task while a blocker is open; completes it once they are done', async () => {
    const member = await newAccount();
    await addMember(owner, workspaceId, member, 'member');
    const memberApi = projectApi(config, member);
    // Only owners and admins change the setting.
    expect((await memberApi.call('PATCH', `/workspaces/${workspaceId}`, { blockersMustBeDone: true })).status).toBe(403);
    const on = await api.call('PATCH', `/workspaces/${workspaceId}`, { blockersMustBeDone: true });
    expect(on).toMatchObject({ status: 200, body: { workspace: { blockersMustBeDone: true } } });

    const review = await api.createTask(workspaceId, design, { title: 'Review' });
    const ship = await api.createTask(workspaceId, build, { title: 'Ship', blockedBy: [ref(review)] });
    const refused = await edit(ship, { completed: true });
    expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'completed', message: 'This task is blocked by open tasks: Review' }] } });
    // The board's drop to Completed is the same write.
    const dropped = await api.call('POST', `${taskPath(ship)}/move`, { version: ship.version, status: 'completed', position: 1 });
    expect(dropped).toMatchObject({ status: 400, body: { fields: [{ field: 'completed' }] } });

    expect((await edit(review, { completed: true })).status).toBe(200);
    const done = await edit(ship, { completed: true });
    expect(done).toMatchObject({ status: 200, body: { task: { completed: true } } });

    const off = await api.call('PATCH', `/workspaces/${workspaceId}`, { blockersMustBeDone: false });
    expect(off).toMatchObject({ status: 200, body: { workspace: { blockersMustBeDone: false } } });
  });

  it('plans a blocked task on or after the day of its blocker, and its blocker by the blocked task’s due date', async () => {
    const planned = await api.createWorkspace('Planned chain');
    const project = (await api.createProject(planned, { name: 'Chain', preferredDays: everyDay })).id;
    const today = todayIn('UTC');
    const first = await api.createTask(planned, project, { title: 'First', timeEstimate: 480 });
    const second = await api.createTask(planned, project, { title: 'Second', timeEstimate: 60, dueDate: addDays(today, 2), blockedBy: [{ projectId: project, taskId: first.id }] });
    const plan = weeklyPlanResponse.parse((await api.call('POST', `/workspaces/${planned}/weekly-plan`, { timeZone: 'UTC' })).body).weeklyPlan;
    const placed = plan.days.flatMap((day) => day.tasks.map((task, order) => ({ ...task, date: day.date, order })));
    const firstPlaced = placed.find((task) => task.id === first.id);
    const secondPlaced = placed.find((task) => task.id === second.id);
    expect(firstPlaced?.reason).toContain('Second waits for it');
    expect(firstPlaced && secondPlaced && firstPlaced.date <= secondPlaced.date && secondPlaced.date <= addDays(today, 2)).toBe(true);
    expect(secondPlaced?.reason).toContain('after First, which blocks it');
  });

  it('saves what is at risk with the plan: why, who has room, and the task as the plan left it', async () => {
    const risky = await api.createWorkspace('At risk');
    const project = (await api.createProject(risky, { name: 'Crunch', preferredDays: everyDay })).id;
    const today = todayIn('UTC');
    const me = (await api.call('GET', '/profile')).body as { profile: { userId: string } };
    // A whole day's work and two more hours, both due today, both the owner's.
    await api.createTask(risky, project, { title: 'All day', timeEstimate: 480, dueDate: today, assignedTo: me.profile.userId });
    const extra = await api.createTask(risky, project, { title: 'Two more hours', timeEstimate: 120, dueDate: today, assignedTo: me.profile.userId });
    const plan = weeklyPlanResponse.parse((await api.call('POST', `/workspaces/${risky}/weekly-plan`, { timeZone: 'UTC' })).body).weeklyPlan;
    const atRisk = plan.days.flatMap((day) => day.tasks).filter((task) => task.risk);
    expect(atRisk).toHaveLength(1);
    const saved = savedWeeklyPlanResponse.parse((await api.call('GET', `/workspaces/${risky}/weekly-plan`)).body).weeklyPlan;
    const riskOf = saved?.placements.find((placement) => placement.risk)?.risk;
    expect(riskOf).toEqual({
      text: expect.stringMatching(/^can't fit by \w{3}: .+ has (0 min|2h) free, it needs (8h|2h)$/),
      assignedTo: me.profile.userId,
      timeEstimate: atRisk[0]?.id === extra.id ? 120 : 480,
      dueDate: today,
    });
  });
});
