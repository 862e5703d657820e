import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import { dashboardResponse } from '../../shared/schemas/dashboard.js';
import { callApi } from './helpers.js';
import { addMember, config, createWorkspace, newAccount } from './member-fixtures.js';
import { projectApi, userIdOf } from './project-fixtures.js';

describe('the dashboard figures through the local HTTP API', () => {
  it('counts tasks, overdue and due today, and each member’s load, from the summaries and the task index', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, member);
    const api = projectApi(config, owner);
    const project = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
    const today = todayIn('UTC');
    const memberId = userIdOf(member);
    await Promise.all([
      api.createTask(workspaceId, project, { title: 'Late 1', dueDate: addDays(today, -3), assignedTo: memberId }),
      api.createTask(workspaceId, project, { title: 'Late 2', dueDate: addDays(today, -1) }),
      api.createTask(workspaceId, project, { title: 'Today', dueDate: today, assignedTo: memberId }),
      api.createTask(workspaceId, project, { title: 'Later', dueDate: addDays(today, 5) }),
      api.createTask(workspaceId, project, { title: 'Done', status: 'completed', assignedTo: memberId }),
      api.createTask(workspaceId, project, { title: 'Done unassigned', status: 'completed' }),
    ]);

    const response = await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard?today=${today}`, { token: owner.idToken });
    expect(response.status).toBe(200);
    const { dashboard } = dashboardResponse.parse(response.body);
    expect(dashboard.tasks).toEqual({ total: 6, completed: 2, overdue: 2, completionRate: 33 });
    // The team's figure counts the unassigned completion too; a member's week is the last 7 days (spec core §9).
    expect(dashboard.team).toEqual({ members: 2, assignedTasks: 3, completedLast7Days: 2, assignmentRate: 50 });
    expect(dashboard.workload.find((entry) => entry.userId === memberId)).toMatchObject({ role: 'member', activeTasks: 2, completedThisWeek: 1 });
    expect(dashboard.workload.find((entry) => entry.userId === userIdOf(owner))).toMatchObject({ role: 'owner', activeTasks: 0, completedThisWeek: 0 });
    expect(dashboard.today.overdue.map((task) => task.title)).toEqual(['Late 1', 'Late 2']);
    expect(dashboard.today.dueToday.map((task) => task.title)).toEqual(['Today']);
    expect([dashboard.today.overdueCount, dashboardResponse.parse(response.body).dashboard.today.dueTodayCount]).toEqual([2, 1]);

    // Another workspace's member sees nothing of it.
    const outsider = await newAccount();
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard`, { token: outsider.idToken })).status).toBe(404);
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard?today=soon`, { token: owner.idToken })).status).toBe(400);
  });

  it("leaves an archived project's tasks out of every figure, reading past them for the first rows", async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, member);
    const api = projectApi(config, owner);
    const memberId = userIdOf(member);
    const [active, shelved] = await Promise.all([api.createProject(workspaceId, { name: 'Active' }), api.createProject(workspaceId, { name: 'Shelved' })]);
    const today = todayIn('UTC');
    // More overdue tasks in the archived project, all due before the active one's, than one read-on page holds.
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        api.createTask(workspaceId, shelved.id, { title: `Shelved ${index}`, dueDate: addDays(today, -10), assignedTo: index === 0 ? memberId : null }),
      ),
    );
    await Promise.all([
      api.createTask(workspaceId, shelved.id, { title: 'Shelved today', dueDate: today }),
      api.createTask(workspaceId, shelved.id, { title: 'Shelved done', status: 'completed', assignedTo: memberId }),
      api.createTask(workspaceId, active.id, { title: 'Active late', dueDate: addDays(today, -1), assignedTo: memberId }),
      api.createTask(workspaceId, active.id, { title: 'Active done', status: 'completed' }),
    ]);
    const read = async () =>
      dashboardResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard?today=${today}`, { token: owner.idToken })).body).dashboard;
    expect((await read()).today.overdueCount).toBe(31);

    const { version } = await api.getProject(workspaceId, shelved.id);
    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${shelved.id}`, { version, archived: true })).status).toBe(200);
    const dashboard = await read();
    expect(dashboard.tasks).toEqual({ total: 2, completed: 1, overdue: 1, completionRate: 50 });
    expect(dashboard.team).toEqual({ members: 2, assignedTasks: 1, completedLast7Days: 1, assignmentRate: 50 });
    expect(dashboard.workload.find((entry) => entry.userId === memberId)).toMatchObject({ activeTasks: 1, completedThisWeek: 0 });
    expect(dashboard.today).toMatchObject({ overdueCount: 1, dueTodayCount: 0, dueToday: [] });
    expect(dashboard.today.overdue.map((task) => task.title)).toEqual(['Active late']);
  });

  it('lists the team activity written from the stream, newest first and named, in one read', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const empty = dashboardResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard`, { token: owner.idToken })).body);
    expect(empty.dashboard.activity).toEqual([]);

    await addMember(owner, workspaceId, member);
    const api = projectApi(config, owner);
    const memberApi = projectApi(config, member);
    const project = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
    const memberId = userIdOf(member);
    const task = await api.createTask(workspaceId, project, { title: 'Ship', assignedTo: memberId });
    const path = `/workspaces/${workspaceId}/projects/${project}`;
    expect((await memberApi.call('PATCH', `${path}/tasks/${task.id}`, { version: task.version, status: 'completed' })).status).toBe(200);
    const milestone = await api.createMilestone(workspaceId, project, { title: 'Beta', dueDate: '2026-12-01' });
    expect((await api.call('PATCH', `${path}/milestones/${milestone.id}`, { version: milestone.version, completed: true })).status).toBe(200);
    await memberApi.createNote(workspaceId, project, { title: 'Minutes', content: 'x' });

    const ownerName = empty.dashboard.workload[0]?.displayName;
    await expect
      .poll(async () => {
        const again = dashboardResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard`, { token: member.idToken })).body);
        const memberName = again.dashboard.workload.find((entry) => entry.userId === memberId)?.displayName;
        return again.dashboard.activity.map((event) => `${event.type} ${event.actorName === memberName ? 'member' : event.actorName === ownerName ? 'owner' : event.actorName} ${event.subject}${event.targetName === memberName ? ' → member' : ''}`);
        // Written from the table's stream: a poll or two away, longer on a machine busy with other tests.
      }, { timeout: 15_000 })
      .toEqual([
        'note_created member Minutes',
        'milestone_completed owner Beta',
        'task_completed member Ship',
        // Created and assigned in one write: the same moment, in the order they are read from it.
        expect.stringMatching(/^task_(created owner Ship|assigned owner Ship → member)$/),
        expect.stringMatching(/^task_(created owner Ship|assigned owner Ship → member)$/),
        'member_joined member ',
      ]);
  });

  it('tells the events of a deleted task or project as gone, so they lead nowhere', async () => {
    const owner = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const api = projectApi(config, owner);
    const [kept, doomed] = [(await api.createProject(workspaceId, { name: 'Kept' })).id, (await api.createProject(workspaceId, { name: 'Doomed' })).id];
    await api.createTask(workspaceId, kept, { title: 'Stays' });
    const undone = await api.createTask(workspaceId, kept, { title: 'Undone' });
    await api.createNote(workspaceId, doomed, { title: 'Lost notes', content: 'x' });
    const events = async () =>
      dashboardResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/dashboard`, { token: owner.idToken })).body).dashboard.activity.map((event) => [event.subject, event.gone ?? false]);
    await expect.poll(events, { timeout: 15_000 }).toEqual([
      ['Lost notes', false],
      ['Undone', false],
      ['Stays', false],
    ]);

    expect((await api.call('DELETE', `/workspaces/${workspaceId}/projects/${kept}/tasks/${undone.id}`)).status).toBe(204);
    expect((await api.call('DELETE', `/workspaces/${workspaceId}/projects/${doomed}`)).status).toBe(204);
    expect(await events()).toEqual([
      ['Lost notes', true],
      ['Undone', true],
      ['Stays', false],
    ]);
  });
});
