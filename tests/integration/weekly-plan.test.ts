import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { weekDayOf } from '../../shared/rules/weekly-planner.js';
import { savedWeeklyPlanResponse, weeklyPlanResponse } from '../../shared/schemas/weekly-plan.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { addMember, newAccount, tableClient, testTable, useTestTable } from './member-fixtures.js';
import { projectApi, userIdOf, workEveryDay } from './project-fixtures.js';

const config = inject('webConfig');
// The conflict case calls the domain's write step straight against the test stack's DynamoDB Local.
useTestTable();

describe('generating the weekly plan through the local HTTP API', () => {
  let alice: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let apolloId: string;
  let zephyrId: string;

  beforeAll(async () => {
    alice = await signUpAndSignIn(config);
    await workEveryDay(config, alice);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Planned');
    apolloId = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
    // Zephyr works every day, so whatever day the test runs on its work can start today.
    zephyrId = (await api.createProject(workspaceId, { name: 'Zephyr', preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] })).id;
    const mine = userIdOf(alice);
    await Promise.all([
      api.createTask(workspaceId, apolloId, { title: 'Apollo high', priority: 'high', timeEstimate: 240, assignedTo: mine }),
      api.createTask(workspaceId, apolloId, { title: 'Apollo low', priority: 'low', timeEstimate: 120, assignedTo: mine }),
      api.createTask(workspaceId, apolloId, { title: 'Apollo unassigned', dueDate: '2030-01-01' }),
      api.createTask(workspaceId, zephyrId, { title: 'Zephyr focus', priority: 'low', timeEstimate: 480, assignedTo: mine }),
      api.createTask(workspaceId, zephyrId, { title: 'Zephyr done', status: 'completed' }),
    ]);
  });

  it('places every pending task, sets its due date, and puts the focus project first', async () => {
    const today = todayIn('UTC');
    const response = await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, { focusProjects: [zephyrId], timeZone: 'UTC' });
    expect(response.status).toBe(200);
    const { weeklyPlan } = weeklyPlanResponse.parse(response.body);

    expect(weeklyPlan.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, offset) => addDays(today, offset)));
    expect(weeklyPlan.days.map((day) => day.isToday)).toEqual([true, false, false, false, false, false, false]);
    const placed = weeklyPlan.days.flatMap((day) => day.tasks.map((task) => ({ ...task, date: day.date })));
    expect(placed.map((task) => task.title).sort()).toEqual(['Apollo high', 'Apollo low', 'Apollo unassigned', 'Zephyr focus']);
    expect(weeklyPlan.unplaced).toEqual([]);
    expect(weeklyPlan.conflicts).toEqual([]);

    // The focus task takes today, a whole day of Alice's; her Apollo work goes to later weekdays.
    const focus = placed.find((task) => task.title === 'Zephyr focus');
    expect(focus).toMatchObject({ date: today, projectName: 'Zephyr', reason: expect.stringContaining('Zephyr is a focus project') });
    for (const task of placed.filter((candidate) => candidate.projectId === apolloId)) {
      expect(['saturday', 'sunday']).not.toContain(weekDayOf(task.date));
    }
    const high = placed.find((task) => task.title === 'Apollo high');
    expect(high?.date && high.date > today).toBe(true);
    for (const day of weeklyPlan.days) {
      expect(day.totalTasks).toBe(day.tasks.length);
      expect(day.totalTime).toBe(day.tasks.reduce((sum, task) => sum + (task.timeEstimate ?? 60), 0));
    }

    // The due dates are stored; the completed task is left alone.
    const stored = [...(await api.getProjectWithItems(workspaceId, apolloId)).tasks, ...(await api.getProjectWithItems(workspaceId, zephyrId)).tasks];
    for (const task of placed) expect(stored.find((candidate) => candidate.id === task.id)?.dueDate).toBe(task.date);
    expect(stored.find((task) => task.title === 'Zephyr done')?.dueDate).toBeNull();
  });

  it('saves the plan: a later read answers where each task went and why, as Generate said', async () => {
    const fresh = await api.createWorkspace('Not planned yet');
    expect((await api.call('GET', `/workspaces/${fresh}/weekly-plan`)).body).toEqual({ weeklyPlan: null });

    const generated = weeklyPlanResponse.parse((await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, { timeZone: 'UTC' })).body).weeklyPlan;
    const read = await api.call('GET', `/workspaces/${workspaceId}/weekly-plan`);
    expect(read.status).toBe(200);
    const saved = savedWeeklyPlanResponse.parse(read.body).weeklyPlan;
    expect(saved?.weekStart).toBe(todayIn('UTC'));
    const said = generated.days.flatMap((day) => day.tasks.map((task) => ({ taskId: task.id, date: day.date, reason: task.reason })));
    expect(said.length).toBeGreaterThan(0);
    expect(saved?.placements.map(({ taskId, date, reason }) => ({ taskId, date, reason })).sort((a, b) => a.taskId.localeCompare(b.taskId))).toEqual(
      said.sort((a, b) => a.taskId.localeCompare(b.taskId)),
    );
    expect(saved?.unplaced).toEqual(generated.unplaced);

    // Regenerated, the new plan replaces the old one whole.
    await api.createTask(workspaceId, apolloId, { title: 'Came later', timeEstimate: 30 });
    expect((await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, { timeZone: 'UTC' })).status).toBe(200);
    const again = savedWeeklyPlanResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/weekly-plan`)).body).weeklyPlan;
    expect(again?.placements).toHaveLength(said.length + 1);
    expect(again && saved && again.generatedAt > saved.generatedAt).toBe(true);
    const chunks = await tableClient.send(
      new QueryCommand({ TableName: testTable.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :plan)', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':plan': 'WEEKPLAN#TEAM#' } }),
    );
    expect(chunks.Items).toHaveLength(1);
    // The team's work keeps whose time it took, so the next plan leaves it with them (issue 31: churn).
    const entries = (chunks.Items?.[0]?.entries ?? []) as { title: string; doneBy?: string }[];
    expect(entries.find((entry) => entry.title === 'Apollo unassigned')?.doneBy).toBe(userIdOf(alice));
  });

  it('lets owners and admins plan the workspace, and a member only their own tasks, each seeing their own plan over the team’s', async () => {
    const owner = await newAccount();
    const [admin, member] = [await newAccount(), await newAccount()];
    await Promise.all([owner, admin, member].map((user) => workEveryDay(config, user)));
    const team = projectApi(config, owner);
    const teamWorkspace = await team.createWorkspace('Roles');
    await addMember(owner, teamWorkspace, admin, 'admin');
    await addMember(owner, teamWorkspace, member);
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const project = (await team.createProject(teamWorkspace, { name: 'Orion', preferredDays: everyDay })).id;
    const [ownersTask, membersTask, nobodysTask] = await Promise.all([
      team.createTask(teamWorkspace, project, { title: 'Owner’s', assignedTo: userIdOf(owner) }),
      team.createTask(teamWorkspace, project, { title: 'Member’s', assignedTo: userIdOf(member) }),
      team.createTask(teamWorkspace, project, { title: 'Nobody’s' }),
    ]);
    const dueDates = async () => Object.fromEntries((await team.getProjectWithItems(teamWorkspace, project)).tasks.map((task) => [task.id, task.dueDate]));
    const planAs = (who: TestUser) => callApi(config, 'POST', `/workspaces/${teamWorkspace}/weekly-plan`, { token: who.idToken, body: { timeZone: 'UTC' } });
    const savedFor = async (who: TestUser) =>
      savedWeeklyPlanResponse.parse((await callApi(config, 'GET', `/workspaces/${teamWorkspace}/weekly-plan`, { token: who.idToken })).body).weeklyPlan;

    // The member's plan holds their task alone, and dates nothing else.
    const own = weeklyPlanResponse.parse((await planAs(member)).body).weeklyPlan;
    expect(own.days.flatMap((day) => day.tasks.map((task) => task.id))).toEqual([membersTask.id]);
    expect(await dueDates()).toEqual({ [ownersTask.id]: null, [membersTask.id]: todayIn('UTC'), [nobodysTask.id]: null });
    expect((await savedFor(member))?.placements.map((placement) => placement.taskId)).toEqual([membersTask.id]);
    // Nobody else sees it as the team's plan.
    expect(await savedFor(owner)).toBeNull();

    // An admin plans the whole workspace; the member then sees the team's plan (newer than theirs).
    const whole = weeklyPlanResponse.parse((await planAs(admin)).body).weeklyPlan;
    expect(whole.days.flatMap((day) => day.tasks).map((task) => task.id).sort()).toEqual([ownersTask.id, membersTask.id, nobodysTask.id].sort());
    const seenByMember = await savedFor(member);
    expect(seenByMember?.placements.map((placement) => placement.taskId).sort()).toEqual([ownersTask.id, membersTask.id, nobodysTask.id].sort());
    expect(seenByMember?.placements.find((placement) => placement.taskId === membersTask.id)?.reason).toBe(
      whole.days.flatMap((day) => day.tasks).find((task) => task.id === membersTask.id)?.reason,
    );
    // Someone from outside reads nothing.
    const stranger = await newAccount();
    expect((await callApi(config, 'GET', `/workspaces/${teamWorkspace}/weekly-plan`, { token: stranger.idToken })).status).toBe(404);
  });

  it('keeps a pinned task on its day when the plan is made again; the pin is the task’s, checked like any edit', async () => {
    const owner = await newAccount();
    await workEveryDay(config, owner);
    const team = projectApi(config, owner);
    const pinWorkspace = await team.createWorkspace('Pins');
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const project = (await team.createProject(pinWorkspace, { name: 'Pinned', preferredDays: everyDay })).id;
    const inFourDays = addDays(todayIn('UTC'), 4);
    const task = await team.createTask(pinWorkspace, project, { title: 'Board meeting prep', dueDate: inFourDays, timeEstimate: 60 });
    const path = `/workspaces/${pinWorkspace}/projects/${project}/tasks/${task.id}`;

    expect(await team.call('PATCH', path, { version: task.version, pinned: 'yes' })).toMatchObject({ status: 400, body: { fields: [{ field: 'pinned' }] } });
    const pinned = await team.call('PATCH', path, { version: task.version, pinned: true });
    expect(pinned).toMatchObject({ status: 200, body: { task: { pinned: true, dueDate: inFourDays } } });

    // Levelling would take it to today; pinned, it stays on its day, and says why.
    const plan = weeklyPlanResponse.parse((await team.call('POST', `/workspaces/${pinWorkspace}/weekly-plan`, { timeZone: 'UTC' })).body).weeklyPlan;
    const placed = plan.days.flatMap((day) => day.tasks.map((planned) => ({ ...planned, date: day.date })));
    expect(placed).toEqual([expect.objectContaining({ id: task.id, date: inFourDays, reason: expect.stringContaining('pinned to this day') })]);

    // Unpinned, the next plan may move it (earlier: due dates only move earlier).
    const unpinned = await team.call('PATCH', path, { version: (pinned.body as { task: { version: number } }).task.version, pinned: false });
    expect((unpinned.body as { task: Record<string, unknown> }).task).not.toHaveProperty('pinned');
  });

  it("plans in each member's working time: nothing on a day off, the team's work to whoever works", async () => {
    const owner = await newAccount();
    const team = projectApi(config, owner);
    const teamWorkspace = await team.createWorkspace('Working time');
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const project = (await team.createProject(teamWorkspace, { name: 'Daily', preferredDays: everyDay })).id;
    const today = todayIn('UTC');
    // Off today and tomorrow, and only 2 hours on the other days.
    const off = await callApi(config, 'PATCH', '/profile', {
      token: owner.idToken,
      body: { workingTime: { days: everyDay, hoursPerDay: 2, daysOff: [{ from: today, to: addDays(today, 1) }] } },
    });
    expect(off.status).toBe(200);
    await team.createTask(teamWorkspace, project, { title: 'Two hours', timeEstimate: 120, assignedTo: userIdOf(owner) });
    await team.createTask(teamWorkspace, project, { title: 'Another two', timeEstimate: 120 });
    const plan = weeklyPlanResponse.parse((await team.call('POST', `/workspaces/${teamWorkspace}/weekly-plan`, { timeZone: 'UTC' })).body).weeklyPlan;
    const placed = plan.days.flatMap((day) => day.tasks.map((task) => ({ title: task.title, date: day.date, reason: task.reason })));
    expect(placed.map((task) => task.date).sort()).toEqual([addDays(today, 2), addDays(today, 3)]);
    // The reasons say why not sooner: the assignee is off, or nobody works (the team's task).
    expect(placed.map((task) => task.reason).join(' / ')).toMatch(/is off|nobody works/);
  });

  it("keeps the days of a repeating task's coming occurrences busy for its assignee", async () => {
    const busy = await api.createWorkspace('Repeating busy');
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const project = (await api.createProject(busy, { name: 'Routine', preferredDays: everyDay })).id;
    const today = todayIn('UTC');
    const mine = userIdOf(alice);
    // A whole day every other day: today (the task itself), then in 2, 4 and 6 days (its coming occurrences).
    await api.createTask(busy, project, { title: 'Rounds', timeEstimate: 480, dueDate: today, assignedTo: mine, repeat: { rule: 'FREQ=DAILY;INTERVAL=2', from: 'due', timeZone: 'UTC' } });
    await Promise.all(['One', 'Two', 'Three'].map((title) => api.createTask(busy, project, { title, timeEstimate: 480, assignedTo: mine })));
    const plan = weeklyPlanResponse.parse((await api.call('POST', `/workspaces/${busy}/weekly-plan`, { timeZone: 'UTC' })).body).weeklyPlan;
    const dates = plan.days.flatMap((day) => day.tasks.filter((task) => task.title !== 'Rounds').map(() => day.date));
    expect(dates.sort()).toEqual([addDays(today, 1), addDays(today, 3), addDays(today, 5)]);
  });

  it("plans the tasks of someone who left in the team's time, not in a day of theirs", async () => {
    const owner = await newAccount();
    const bob = await newAccount();
    const team = projectApi(config, owner);
    const teamWorkspace = await team.createWorkspace('Changing team');
    await addMember(owner, teamWorkspace, bob);
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const project = (await team.createProject(teamWorkspace, { name: 'Hermes', preferredDays: everyDay })).id;
    await team.createTask(teamWorkspace, project, { title: 'Team day', timeEstimate: 480 });
    await team.createTask(teamWorkspace, project, { title: 'Bob day', timeEstimate: 480, assignedTo: userIdOf(bob) });
    expect((await callApi(config, 'DELETE', `/workspaces/${teamWorkspace}/members/${userIdOf(bob)}`, { token: owner.idToken })).status).toBe(204);

    const response = await team.call('POST', `/workspaces/${teamWorkspace}/weekly-plan`, { timeZone: 'UTC' });
    const placed = weeklyPlanResponse.parse(response.body).weeklyPlan.days.flatMap((day) => day.tasks.map((task) => ({ title: task.title, date: day.date })));
    // One team, eight hours a day: the two whole days of work fall on two different days.
    const dates = ['Team day', 'Bob day'].map((title) => placed.find((task) => task.title === title)?.date);
    expect(dates.every(Boolean)).toBe(true);
    expect(dates[0]).not.toBe(dates[1]);
  });

  it('refuses a focus project of another workspace with 400 and writes nothing', async () => {
    const bob = projectApi(config, await signUpAndSignIn(config));
    const foreignWorkspace = await bob.createWorkspace('Elsewhere');
    const foreign = await bob.createProject(foreignWorkspace, { name: 'Secret' });
    const before = (await api.getProjectWithItems(workspaceId, apolloId)).tasks;

    const response = await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, { focusProjects: [foreign.id] });
    expect(response).toMatchObject({ status: 400, body: { fields: [{ field: 'focusProjects' }] } });
    expect((await api.getProjectWithItems(workspaceId, apolloId)).tasks).toEqual(before);

    expect((await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, { focusProjects: [apolloId, apolloId] })).status).toBe(400);
    // The spec's body names the workspace: it must be the one of the address.
    const mismatch = await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, { workspaceId: foreignWorkspace });
    expect(mismatch).toMatchObject({ status: 400, body: { fields: [{ field: 'workspaceId' }] } });
    expect((await api.getProjectWithItems(workspaceId, apolloId)).tasks).toEqual(before);
  });

  it('writes the due dates in versioned batches: a task someone changed or deleted meanwhile keeps its state and is reported', async () => {
    const { writeDueDates } = await import('../../functions/domain/weekly-plan.js');
    // More than one transaction's worth (100), with a stale task in each.
    const tasks = await Promise.all(Array.from({ length: 130 }, (_, index) => api.createTask(workspaceId, apolloId, { title: `Batch ${index}` })));
    const [edited, deleted, lateEdited] = [tasks[3], tasks[50], tasks[120]];
    if (!edited || !deleted || !lateEdited) throw new Error('Tasks missing');
    const path = (id: string) => `/workspaces/${workspaceId}/projects/${apolloId}/tasks/${id}`;
    // Changed after the planner read them (version 1).
    await api.call('PATCH', path(edited.id), { version: edited.version, title: 'Edited by Ben' });
    await api.call('PATCH', path(lateEdited.id), { version: lateEdited.version, priority: 'high' });
    expect((await api.call('DELETE', path(deleted.id))).status).toBe(204);

    const conflicts = await writeDueDates({ userId: userIdOf(alice), email: alice.email }, workspaceId, tasks.map((task) => ({ task, date: '2030-02-01' })));
    expect([...conflicts].sort()).toEqual([edited.id, deleted.id, lateEdited.id].sort());
    const stored = new Map((await api.getProjectWithItems(workspaceId, apolloId)).tasks.map((task) => [task.id, task]));
    expect(stored.get(edited.id)).toMatchObject({ title: 'Edited by Ben', dueDate: null, version: 2 });
    expect(stored.get(lateEdited.id)).toMatchObject({ priority: 'high', dueDate: null, version: 2 });
    expect(stored.has(deleted.id)).toBe(false);
    const written = tasks.filter((task) => !conflicts.has(task.id)).map((task) => stored.get(task.id));
    expect(written).toHaveLength(127);
    written.forEach((task) => expect(task).toMatchObject({ dueDate: '2030-02-01', version: 2 }));
  });
});

describe('the scheduled weekly plan', () => {
  it('plans each workspace that asked for it once a week, however often the schedule fires', async () => {
    const owner = await signUpAndSignIn(config);
    const api = projectApi(config, owner);
    const [auto, manual] = await Promise.all([api.createWorkspace('Automatic'), api.createWorkspace('Manual')]);
    const allDays = { preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] };
    const autoProject = (await api.createProject(auto, { name: 'Auto', ...allDays })).id;
    const manualProject = (await api.createProject(manual, { name: 'Manual', ...allDays })).id;
    await api.createTask(auto, autoProject, { title: 'Plan me' });
    await api.createTask(manual, manualProject, { title: 'Leave me' });

    // Off by default; owners and admins switch it on (a member may not).
    expect((await api.call('GET', `/workspaces/${auto}`)).body).toMatchObject({ workspace: { autoWeeklyPlan: false } });
    const switched = await api.call('PATCH', `/workspaces/${auto}`, { autoWeeklyPlan: true });
    expect(switched).toMatchObject({ status: 200, body: { workspace: { autoWeeklyPlan: true } } });
    expect((await api.call('PATCH', `/workspaces/${auto}`, { autoWeeklyPlan: 'yes' })).status).toBe(400);
    const member = await newAccount();
    await addMember(owner, manual, member);
    const refused = await callApi(config, 'PATCH', `/workspaces/${manual}`, { token: member.idToken, body: { autoWeeklyPlan: true } });
    expect(refused.status).toBe(403);

    const { runScheduledPlans } = await import('../../functions/schedule/weekly-plan.js');
    const monday = new Date('2031-06-02T06:00:00Z');
    const first = await runScheduledPlans(monday);
    expect(first.planned).toBeGreaterThanOrEqual(1);
    const planned = (await api.getProjectWithItems(auto, autoProject)).tasks[0];
    expect(planned).toMatchObject({ title: 'Plan me', dueDate: '2031-06-02' });
    expect((await api.getProjectWithItems(manual, manualProject)).tasks[0]).toMatchObject({ dueDate: null });

    // A second delivery of the same week changes nothing; the workspace is counted as skipped.
    const again = await runScheduledPlans(new Date('2031-06-02T06:05:00Z'));
    expect(again.planned).toBe(0);
    expect((await api.getProjectWithItems(auto, autoProject)).tasks[0]?.version).toBe(planned?.version);

    // Switched off, it is no longer planned the next week.
    await api.call('PATCH', `/workspaces/${auto}`, { autoWeeklyPlan: false });
    await api.call('PATCH', `/workspaces/${auto}/projects/${autoProject}/tasks/${planned?.id}`, { version: planned?.version, dueDate: null });
    await runScheduledPlans(new Date('2031-06-09T06:00:00Z'));
    expect((await api.getProjectWithItems(auto, autoProject)).tasks[0]).toMatchObject({ dueDate: null });
  });

  /** A workspace of its own that plans its week automatically, with one task every day may take. */
  async function autoPlanned(api: ReturnType<typeof projectApi>, name: string) {
    const workspaceId = await api.createWorkspace(name);
    const project = (await api.createProject(workspaceId, { name, preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] })).id;
    const task = await api.createTask(workspaceId, project, { title: `${name} task` });
    expect((await api.call('PATCH', `/workspaces/${workspaceId}`, { autoWeeklyPlan: true })).status).toBe(200);
    const stored = async () => (await api.getProjectWithItems(workspaceId, project)).tasks[0];
    const switchOff = () => api.call('PATCH', `/workspaces/${workspaceId}`, { autoWeeklyPlan: false });
    return { workspaceId, project, task, stored, switchOff };
  }

  it('fails its run when a workspace failed, after planning the others, so that the retry plans that one', async () => {
    const api = projectApi(config, await signUpAndSignIn(config));
    const [good, broken] = [await autoPlanned(api, 'Healthy'), await autoPlanned(api, 'Broken')];
    // An item no read accepts (an unknown priority) makes this workspace's plan fail, until it is fixed.
    const key = { PK: `PROJ#${broken.workspaceId}#${broken.project}`, SK: `TASK#${broken.task.id}` };
    const setPriority = (priority: string) =>
      tableClient.send(new UpdateCommand({ TableName: testTable.tableName, Key: key, UpdateExpression: 'SET priority = :p', ExpressionAttributeValues: { ':p': priority } }));
    await setPriority('urgent');
    const { runScheduledPlans } = await import('../../functions/schedule/weekly-plan.js');
    const monday = new Date('2031-07-07T06:00:00Z');

    await expect(runScheduledPlans(monday)).rejects.toMatchObject({ name: 'IncompleteRunError', summary: { failed: 1, busy: 0 } });
    const planned = await good.stored();
    expect(planned).toMatchObject({ dueDate: '2031-07-07' });
    const run = await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: { PK: `WS#${broken.workspaceId}`, SK: 'PLANRUN#2031-07-07' } }));
    expect(run.Item).toBeUndefined();

    // Lambda delivers the same event again: the failed workspace is planned, the done one left alone.
    await setPriority('low');
    await expect(runScheduledPlans(monday)).resolves.toMatchObject({ failed: 0, busy: 0 });
    expect(await broken.stored()).toMatchObject({ dueDate: '2031-07-07' });
    expect((await good.stored())?.version).toBe(planned?.version);
    await Promise.all([good.switchOff(), broken.switchOff()]);
  });

  it("leaves a workspace a timed-out run was planning to Lambda's last retry, not to a week later", async () => {
    const api = projectApi(config, await signUpAndSignIn(config));
    const cutOff = await autoPlanned(api, 'Cut off');
    const { claimPlanRun, releasePlanRun } = await import('../../functions/data/plan-runs.js');
    const { runScheduledPlans } = await import('../../functions/schedule/weekly-plan.js');
    const monday = new Date('2031-07-14T06:00:00Z');
    const diedAgo = async (minutes: number) => {
      await releasePlanRun(cutOff.workspaceId, '2031-07-14');
      expect(await claimPlanRun(cutOff.workspaceId, '2031-07-14', new Date(Date.now() - minutes * 60_000))).toBe('claimed');
    };

    // Lambda's first retry comes a minute after the timeout: the dead run's lease still holds the
    // workspace, so the retry fails too rather than report success.
    await diedAgo(1);
    await expect(runScheduledPlans(monday)).rejects.toMatchObject({ name: 'IncompleteRunError', summary: { busy: 1 } });
    expect(await cutOff.stored()).toMatchObject({ dueDate: null });
    // The last retry comes two minutes after that one: the lease has run out and the workspace is planned.
    await diedAgo(3);
    await expect(runScheduledPlans(monday)).resolves.toMatchObject({ busy: 0, failed: 0 });
    expect(await cutOff.stored()).toMatchObject({ dueDate: '2031-07-14' });
    await cutOff.switchOff();
  });
});
