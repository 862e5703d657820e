import { beforeAll, describe, expect, inject, it } from 'vitest';
import { completionDay } from '../../shared/rules/repeat.js';
import { labelResponse } from '../../shared/schemas/label.js';
import { taskResponse, type TaskView } from '../../shared/schemas/project.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { addMember, newAccount } from './member-fixtures.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

describe('recurring tasks through the local HTTP API (issue 36)', () => {
  let owner: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let projectId: string;
  const weekly = { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due', timeZone: 'Europe/Berlin' } as const;
  const taskPath = (task: TaskView) => `/workspaces/${workspaceId}/projects/${task.projectId}/tasks/${task.id}`;
  const edit = async (task: TaskView, body: object) => api.call('PATCH', taskPath(task), { version: task.version, ...body });
  const tasksTitled = async (title: string) => (await api.getProjectWithItems(workspaceId, projectId)).tasks.filter((task) => task.title === title);

  beforeAll(async () => {
    owner = await signUpAndSignIn(config);
    api = projectApi(config, owner);
    workspaceId = await api.createWorkspace('Recurring');
    projectId = (await api.createProject(workspaceId, { name: 'Routines' })).id;
  });

  it('completing an occurrence makes the next one, open, with what the task carries (labels too), counted on the project', async () => {
    const label = await api.call('POST', `/workspaces/${workspaceId}/labels`, { name: 'Reporting', color: '#10B981' });
    const labelId = labelResponse.parse(label.body).label.id;
    const task = await api.createTask(workspaceId, projectId, {
      title: 'Weekly report',
      description: 'Numbers for the team',
      priority: 'high',
      timeEstimate: 60,
      dueDate: '2026-12-07',
      repeat: weekly,
      labelIds: [labelId],
    });
    expect(task.repeat).toEqual(weekly);
    const before = await api.getProject(workspaceId, projectId);
    const done = await edit(task, { completed: true });
    expect(done.status).toBe(200);
    expect(taskResponse.parse(done.body).task).toMatchObject({ completed: true, repeat: weekly });

    const series = await tasksTitled('Weekly report');
    const next = series.find((item) => item.id !== task.id);
    expect(series).toHaveLength(2);
    expect(next).toMatchObject({
      description: 'Numbers for the team',
      priority: 'high',
      timeEstimate: 60,
      assignedTo: null,
      dueDate: '2026-12-14',
      status: 'todo',
      completed: false,
      repeat: weekly,
      labelIds: [labelId],
      version: 1,
    });
    const after = await api.getProject(workspaceId, projectId);
    expect({ tasks: after.taskCount - before.taskCount, completed: after.completedTaskCount - before.completedTaskCount }).toEqual({ tasks: 1, completed: 1 });
  });

  it('counts from the completion day in completion mode, in the repeat time zone', async () => {
    const task = await api.createTask(workspaceId, projectId, {
      title: 'Water plants',
      dueDate: '2026-01-01',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'completion', timeZone: 'Pacific/Kiritimati' },
    });
    const done = taskResponse.parse((await edit(task, { completed: true })).body).task;
    const today = completionDay(done.completedAt ?? '', 'Pacific/Kiritimati');
    const next = (await tasksTitled('Water plants')).find((item) => item.id !== task.id);
    expect(next?.dueDate).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10));
  });

  it('two browsers completing at once, a board drop and a complete, and a reopen and complete again make one next occurrence', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Standup notes', dueDate: '2026-12-08', repeat: weekly });
    const responses = await Promise.all([
      edit(task, { completed: true }),
      api.call('POST', `${taskPath(task)}/move`, { version: task.version, status: 'completed', position: 5 }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await tasksTitled('Standup notes')).toHaveLength(2);

    const [completed] = (await tasksTitled('Standup notes')).filter((item) => item.completed);
    const reopened = taskResponse.parse((await edit(completed as TaskView, { completed: false })).body).task;
    // Reopened, it takes back the untouched next occurrence: one open occurrence, not two.
    expect((await tasksTitled('Standup notes')).map((item) => item.dueDate)).toEqual(['2026-12-08']);
    expect((await edit(reopened, { completed: true })).status).toBe(200);
    const series = await tasksTitled('Standup notes');
    expect(series).toHaveLength(2);
    expect(series.filter((item) => !item.completed).map((item) => item.dueDate)).toEqual(['2026-12-14']);
  });

  it('the next occurrence holds open copies of the sub-tasks, once; a reopen takes them back with it', async () => {
    const parent = await api.createTask(workspaceId, projectId, { title: 'Release train', dueDate: '2026-12-07', repeat: weekly });
    const draft = await api.createTask(workspaceId, projectId, { title: 'Train: draft notes', parentId: parent.id, dueDate: '2026-12-05' });
    await api.createTask(workspaceId, projectId, { title: 'Train: tag build', parentId: parent.id });
    expect((await edit(draft, { completed: true })).status).toBe(200);
    const fresh = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.id === parent.id) as TaskView;
    const done = taskResponse.parse((await edit(fresh, { completed: true })).body).task;
    const copiesOf = async (parentId: string) =>
      (await api.getProjectWithItems(workspaceId, projectId)).tasks.filter((task) => task.parentId === parentId).sort((a, b) => a.position - b.position);
    const next = (await tasksTitled('Release train')).find((task) => task.id !== parent.id) as TaskView;
    expect((await copiesOf(next.id)).map((task) => [task.title, task.completed, task.dueDate])).toEqual([
      ['Train: draft notes', false, '2026-12-12'],
      ['Train: tag build', false, null],
    ]);
    const before = await api.getProject(workspaceId, projectId);
    const reopened = taskResponse.parse((await edit(done, { completed: false })).body).task;
    expect(await tasksTitled('Release train')).toHaveLength(1);
    expect(await copiesOf(next.id)).toEqual([]);
    const after = await api.getProject(workspaceId, projectId);
    expect(after.taskCount - before.taskCount).toBe(-3);
    expect((await edit(reopened, { completed: true })).status).toBe(200);
    expect(await copiesOf(next.id)).toHaveLength(2);
  });

  it("a repeating sub-task's next occurrence stays under its open parent, after its siblings; under a completed parent it is a task of its own", async () => {
    const parent = await api.createTask(workspaceId, projectId, { title: 'Garden' });
    const mow = await api.createTask(workspaceId, projectId, { title: 'Mow lawn', parentId: parent.id, dueDate: '2026-12-07', repeat: weekly });
    const rake = await api.createTask(workspaceId, projectId, { title: 'Rake leaves', parentId: parent.id });
    expect((await edit(mow, { completed: true })).status).toBe(200);
    const second = (await tasksTitled('Mow lawn')).find((task) => !task.completed) as TaskView;
    expect(second).toMatchObject({ parentId: parent.id, dueDate: '2026-12-14', repeat: weekly });
    expect(second.position).toBeGreaterThan(rake.position);

    expect((await edit(parent, { completed: true })).status).toBe(200);
    expect((await edit(second, { completed: true })).status).toBe(200);
    const third = (await tasksTitled('Mow lawn')).find((task) => !task.completed);
    expect(third).toMatchObject({ dueDate: '2026-12-21', repeat: weekly });
    expect(third).not.toHaveProperty('parentId');
  });

  it('sub-tasks that repeat, completed with their parent, each make one next occurrence: under the parent’s next one, or on the board', async () => {
    // 47 repeating sub-tasks and one that does not: their next occurrences pass the 100 items of one transaction.
    const parent = await api.createTask(workspaceId, projectId, { title: 'Weekly chores', dueDate: '2026-12-07', repeat: weekly });
    const daily = { ...weekly, rule: 'FREQ=DAILY' };
    await Promise.all([
      ...Array.from({ length: 47 }, (_, index) => api.createTask(workspaceId, projectId, { title: `Chore ${index}`, parentId: parent.id, dueDate: '2026-12-07', repeat: daily })),
      api.createTask(workspaceId, projectId, { title: 'Chore once', parentId: parent.id }),
    ]);
    const done = await edit(parent, { completed: true, completeSubtasks: true });
    expect(done.status).toBe(200);
    expect((await edit(parent, { completed: true, completeSubtasks: true })).status).toBe(409);
    const { tasks } = await api.getProjectWithItems(workspaceId, projectId);
    const next = tasks.find((task) => task.title === 'Weekly chores' && !task.completed) as TaskView;
    const held = tasks.filter((task) => task.parentId === next.id);
    expect(held).toHaveLength(48);
    expect(held.filter((task) => task.repeat).map((task) => task.dueDate)).toEqual(Array.from({ length: 47 }, () => '2026-12-08'));
    expect(held.find((task) => task.title === 'Chore once')).toMatchObject({ completed: false });
    expect(tasks.filter((task) => task.title.startsWith('Chore') && !task.completed && task.parentId !== next.id)).toEqual([]);

    // A parent that does not repeat has no next occurrence: its sub-task's goes on the board.
    const plain = await api.createTask(workspaceId, projectId, { title: 'Moving day' });
    await api.createTask(workspaceId, projectId, { title: 'Water the cat', parentId: plain.id, dueDate: '2026-12-07', repeat: daily });
    expect((await edit(plain, { completed: true, completeSubtasks: true })).status).toBe(200);
    const cat = (await tasksTitled('Water the cat')).find((task) => !task.completed);
    expect(cat).toMatchObject({ dueDate: '2026-12-08', status: 'todo' });
    expect(cat).not.toHaveProperty('parentId');
  }, 60_000);

  it('carries work of someone who left the workspace on unassigned: the next occurrence and its sub-tasks’ copies', async () => {
    const bob = await newAccount();
    await addMember(owner, workspaceId, bob);
    const parent = await api.createTask(workspaceId, projectId, { title: 'Fridge check', dueDate: '2026-12-07', repeat: weekly, assignedTo: bob.userId });
    await api.createTask(workspaceId, projectId, { title: 'Fridge: milk', parentId: parent.id, assignedTo: bob.userId });
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${bob.userId}`, { token: owner.idToken })).status).toBe(204);
    expect((await edit(parent, { completed: true })).status).toBe(200);
    const { tasks } = await api.getProjectWithItems(workspaceId, projectId);
    const next = tasks.find((task) => task.title === 'Fridge check' && !task.completed);
    expect(next).toMatchObject({ assignedTo: null, dueDate: '2026-12-14' });
    expect(tasks.filter((task) => task.parentId === next?.id).map((task) => [task.title, task.assignedTo])).toEqual([['Fridge: milk', null]]);
  });

  it('a reopen (an untick, a drop back on To Do) keeps a next occurrence someone has changed, and the counters stay right', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Backup check', dueDate: '2026-12-07', repeat: weekly });
    const done = taskResponse.parse((await edit(task, { completed: true })).body).task;
    const next = (await tasksTitled('Backup check')).find((item) => item.id !== task.id) as TaskView;
    expect((await edit(next, { priority: 'high' })).status).toBe(200);
    const before = await api.getProject(workspaceId, projectId);
    const moved = await api.call('POST', `${taskPath(done)}/move`, { version: done.version, status: 'todo', position: 1 });
    expect(moved.status).toBe(200);
    expect((await tasksTitled('Backup check')).map((item) => [item.dueDate, item.completed]).sort()).toEqual([
      ['2026-12-07', false],
      ['2026-12-14', false],
    ]);
    const after = await api.getProject(workspaceId, projectId);
    expect({ tasks: after.taskCount - before.taskCount, completed: after.completedTaskCount - before.completedTaskCount }).toEqual({ tasks: 0, completed: -1 });
  });

  it('stops repeating (no next occurrence) and skips an occurrence to the next date', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Invoice', dueDate: '2027-01-31', repeat: { ...weekly, rule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1' } });
    const skipped = await edit(task, { skipOccurrence: true });
    expect(skipped).toMatchObject({ status: 200, body: { task: { dueDate: '2027-02-28', completed: false } } });
    const stopped = await edit(taskResponse.parse(skipped.body).task, { repeat: null });
    const stoppedTask = taskResponse.parse(stopped.body).task;
    expect(stoppedTask).not.toHaveProperty('repeat');
    expect((await edit(stoppedTask, { completed: true })).status).toBe(200);
    expect(await tasksTitled('Invoice')).toHaveLength(1);
    // A task that does not repeat has nothing to skip.
    expect(await edit({ ...stoppedTask, version: stoppedTask.version + 1 }, { skipOccurrence: true })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'skipOccurrence' }] },
    });
  });

  it('keeps a bare monthly series from the 31st to the 31st after February, by completion and by skip', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Rent', dueDate: '2027-01-31', repeat: { ...weekly, rule: 'FREQ=MONTHLY' } });
    expect((await edit(task, { completed: true })).status).toBe(200);
    const february = (await tasksTitled('Rent')).find((item) => !item.completed);
    expect(february).toMatchObject({ dueDate: '2027-02-28', repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1' } });
    if (!february) return;
    expect(taskResponse.parse((await edit(february, { skipOccurrence: true })).body).task.dueDate).toBe('2027-03-31');
  });

  it('an edit of this occurrence only stays with it; the next occurrence takes the series as it was', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Payroll', priority: 'medium', dueDate: '2026-12-07', repeat: weekly });
    const once = taskResponse.parse((await edit(task, { title: 'Payroll (holiday week)', priority: 'high', occurrenceOnly: true })).body).task;
    expect(once).toMatchObject({ title: 'Payroll (holiday week)', priority: 'high', series: { title: 'Payroll', priority: 'medium' } });
    const following = taskResponse.parse((await edit(once, { timeEstimate: 30 })).body).task;
    expect((await edit(following, { completed: true })).status).toBe(200);
    const next = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((item) => item.title === 'Payroll');
    expect(next).toMatchObject({ priority: 'medium', timeEstimate: 30, dueDate: '2026-12-14', completed: false });
    expect(next).not.toHaveProperty('series');
  });

  it('refuses a rule that is not a valid RRULE, a bad mode or time zone: 400 naming the field, nothing written', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Untouched' });
    const refusals: [object, string][] = [
      [{ ...weekly, rule: 'every monday' }, 'repeat.rule'],
      [{ ...weekly, rule: 'FREQ=HOURLY' }, 'repeat.rule'],
      [{ ...weekly, rule: 'FREQ=DAILY;COUNT=3' }, 'repeat.rule'],
      [{ ...weekly, from: 'tomorrow' }, 'repeat.from'],
      [{ ...weekly, timeZone: 'Mars/Olympus' }, 'repeat.timeZone'],
    ];
    for (const [repeat, field] of refusals) {
      expect({ repeat, response: await edit(task, { repeat }) }).toMatchObject({ response: { status: 400, body: { fields: [{ field }] } } });
      const created = await api.call('POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { title: 'Never stored', repeat });
      expect(created).toMatchObject({ status: 400, body: { fields: [{ field }] } });
    }
    expect(await tasksTitled('Never stored')).toEqual([]);
    expect((await tasksTitled('Untouched'))[0]).toMatchObject({ version: task.version });
  });

  it('the assistant reads "every Monday", "every 2 weeks from completion" and "stop repeating X" into its task tools, with Undo', async () => {
    const tools = await import('../../functions/ai/tools.js');
    const { readRequest } = await import('../../functions/ai/offline/grammar.js');
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    const context = { caller: { userId: userIdOf(owner), email: owner.email }, workspaceId, projectId, today: '2026-12-07', timeZone: 'Europe/Berlin' };
    const run = async (sentence: string) => {
      const reading = readRequest(sentence, context.today);
      const [call] = 'calls' in reading ? reading.calls : [];
      return tools.runTool(context, call?.tool ?? 'none', call?.args ?? {});
    };

    expect((await run('add task Team sync every Monday')).message).toBe('Created "Team sync" in Routines');
    expect((await tasksTitled('Team sync'))[0]?.repeat).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due', timeZone: 'Europe/Berlin' });
    const changed = await run('make Team sync repeat every 2 weeks from completion');
    expect(changed.message).toBe('Updated "Team sync": repeats every 2 weeks (from completion)');
    const stopped = await run('stop repeating Team sync');
    expect(stopped.message).toBe('Updated "Team sync": not repeating');
    expect((await tasksTitled('Team sync'))[0]).not.toHaveProperty('repeat');

    await undoAssistantWrite(context.caller, workspaceId, stopped.undo?.token ?? '');
    expect((await tasksTitled('Team sync'))[0]?.repeat).toEqual({ rule: 'FREQ=WEEKLY;INTERVAL=2', from: 'completion', timeZone: 'Europe/Berlin' });
    // A rule the server cannot read is refused with the field, as over HTTP.
    await expect(tools.runTool(context, 'update_task', { task: 'Team sync', repeat: { rule: 'FREQ=SECONDLY' } })).rejects.toThrow(/repeat\.rule/);
  });
});
