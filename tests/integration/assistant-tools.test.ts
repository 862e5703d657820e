import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, config, newAccount, useTestTable, type Account } from './member-fixtures.js';
import { projectApi, userIdOf } from './project-fixtures.js';
import { TIME_ESTIMATE_MAX_MINUTES } from '../../shared/schemas/project.js';

/**
 * The assistant's write tools called in process, as a provider's model would call them, against the test
 * stack's table: arguments a model can produce that no stored item may hold are refused with the field
 * and the reason, and nothing is written (a stored 30 February would break every read of its project).
 */
useTestTable();

type Tools = typeof import('../../functions/ai/tools.js');

describe('assistant tools refuse what a model can produce but no item may hold', () => {
  let tools: Tools;
  let alice: Account;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let projectId: string;
  const context = () => ({ caller: { userId: userIdOf(alice), email: alice.email }, workspaceId, projectId, today: '2026-01-10' });

  beforeAll(async () => {
    tools = await import('../../functions/ai/tools.js');
    alice = await newAccount();
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Tools');
    projectId = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
  });

  it('refuses an impossible due date, a blank title and an endless estimate; the project still reads', async () => {
    await expect(tools.runTool(context(), 'create_task', { title: 'Pay rent', dueDate: '2026-02-30' })).rejects.toThrow(/^Not saved: dueDate /);
    await expect(tools.runTool(context(), 'create_task', { title: '   ' })).rejects.toThrow(/^Not saved: title /);
    await expect(tools.runTool(context(), 'create_note', { title: '\u202Eevil' })).rejects.toThrow(/^Not saved: title /);

    const created = await tools.runTool(context(), 'create_task', { title: 'Pay rent', dueDate: '2026-02-28', timeEstimate: 60 });
    expect(created.message).toBe('Created "Pay rent" in Apollo');
    await expect(tools.runTool(context(), 'update_task', { task: 'Pay rent', dueDate: '2025-02-29' })).rejects.toThrow(/^Not saved: dueDate /);
    // The bound is in the tool's schema, as in the HTTP one: the model reads it before it calls.
    await expect(tools.runTool(context(), 'update_task', { task: 'Pay rent', timeEstimate: 20_000 })).rejects.toThrow(`Invalid arguments for update_task: timeEstimate Too big: expected number to be <=${TIME_ESTIMATE_MAX_MINUTES}`);
    await expect(tools.runTool(context(), 'create_task', { title: 'Pay rent', timeEstimate: TIME_ESTIMATE_MAX_MINUTES + 1 })).rejects.toThrow(/^Invalid arguments for create_task: timeEstimate Too big/);

    const { tasks, notes } = await api.getProjectWithItems(workspaceId, projectId);
    expect(tasks).toEqual([expect.objectContaining({ title: 'Pay rent', dueDate: '2026-02-28', timeEstimate: 60 })]);
    expect(notes).toEqual([]);
  });

  it('adds a sub-task to the task named, in its project; refuses one under a sub-task and writes nothing (issue 36)', async () => {
    const other = (await api.createProject(workspaceId, { name: 'Zeus' })).id;
    const parent = await api.createTask(workspaceId, other, { title: 'Launch party' });
    const created = await tools.runTool(context(), 'create_task', { title: 'Book venue', parent: 'Launch party' });
    expect(created.message).toBe('Added "Book venue" to "Launch party" as a sub-task');
    expect(created.result).toMatchObject({ title: 'Book venue', project: 'Zeus', parent: 'Launch party' });
    await expect(tools.runTool(context(), 'create_task', { title: 'Call caterer', parent: 'Book venue' })).rejects.toThrow(/A sub-task cannot hold sub-tasks of its own/);
    const { tasks } = await api.getProjectWithItems(workspaceId, other);
    expect(tasks.map(({ title, parentId }) => ({ title, parentId }))).toEqual(
      expect.arrayContaining([{ title: 'Launch party', parentId: undefined }, { title: 'Book venue', parentId: parent.id }]),
    );
    expect(tasks).toHaveLength(2);
    // Looking a task up tells its sub-tasks, or its parent.
    expect((await tools.runTool(context(), 'get_task', { task: 'Launch party' })).result).toMatchObject({ subtasks: [{ title: 'Book venue', done: false }] });
    expect((await tools.runTool(context(), 'get_task', { task: 'Book venue' })).result).toMatchObject({ parent: 'Launch party' });
  });

  it('moves a task under a parent and back, lists tasks with their labels by name, and completes a parent only once told about its open sub-tasks (issue 36)', async () => {
    const hermes = (await api.createProject(workspaceId, { name: 'Hermes' })).id;
    const { createLabelFor } = await import('../../functions/domain/labels.js');
    const bug = await createLabelFor(context().caller, workspaceId, { name: 'Bug', color: '#EF4444' });
    const [launch, venue, flyers] = await Promise.all([
      api.createTask(workspaceId, hermes, { title: 'Gala' }),
      api.createTask(workspaceId, hermes, { title: 'Hire band' }),
      api.createTask(workspaceId, hermes, { title: 'Print posters', labelIds: [bug.id] }),
    ]);
    const stored = async () => new Map((await api.getProjectWithItems(workspaceId, hermes)).tasks.map((task) => [task.id, task]));

    const moved = await tools.runTool(context(), 'update_task', { task: 'Hire band', parent: 'Gala' });
    expect(moved.message).toBe('Updated "Hire band": a sub-task of "Gala"');
    await tools.runTool(context(), 'update_task', { task: 'Print posters', parent: 'Gala' });
    expect((await stored()).get(venue.id)?.parentId).toBe(launch.id);

    const listed = (await tools.runTool(context(), 'list_tasks', { project: 'Hermes' })).result as { tasks: { title: string; labels?: string[] }[] };
    expect(listed.tasks.find((task) => task.title === 'Print posters')?.labels).toEqual(['Bug']);
    expect(listed.tasks.find((task) => task.title === 'Gala')).not.toHaveProperty('labels');

    // Not told what becomes of its open sub-tasks: nothing is written, and the answer names them.
    await expect(tools.runTool(context(), 'complete_task', { task: 'Gala' })).rejects.toThrow('Not completed: "Gala" has 2 open sub-tasks ("Hire band", "Print posters")');
    await expect(tools.runTool(context(), 'update_task', { task: 'Gala', status: 'completed' })).rejects.toThrow(/^Not completed: "Gala" has 2 open sub-tasks/);
    expect((await stored()).get(launch.id)?.completed).toBe(false);

    // "Make it a task of its own", and its undo puts it back under its parent.
    const promoted = await tools.runTool(context(), 'update_task', { task: 'Print posters', parent: null });
    expect(promoted.message).toBe('Updated "Print posters": a task of its own');
    expect((await stored()).get(flyers.id)?.parentId).toBeUndefined();
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    await undoAssistantWrite(context().caller, workspaceId, promoted.undo?.token ?? '');
    expect((await stored()).get(flyers.id)?.parentId).toBe(launch.id);

    const completed = await tools.runTool(context(), 'complete_task', { task: 'Gala', subtasks: 'complete' });
    expect(completed.message).toBe('Completed "Gala" and its open sub-tasks');
    expect([...(await stored()).values()].map((task) => task.completed)).toEqual([true, true, true]);
  });

  it('undoes a completion with its open sub-tasks: each unchanged one reopened to its status, the next occurrences taken back; one changed since stays (issue 36)', async () => {
    const hestia = (await api.createProject(workspaceId, { name: 'Hestia' })).id;
    const weekly = { rule: 'FREQ=WEEKLY', from: 'due', timeZone: 'UTC' } as const;
    const review = await api.createTask(workspaceId, hestia, { title: 'Weekly review', dueDate: '2026-12-07', repeat: weekly });
    const [inbox, draft, mail] = await Promise.all([
      api.createTask(workspaceId, hestia, { title: 'Check inbox', parentId: review.id, status: 'in_progress', dueDate: '2026-12-07', repeat: { ...weekly, rule: 'FREQ=DAILY' } }),
      api.createTask(workspaceId, hestia, { title: 'Draft notes', parentId: review.id }),
      api.createTask(workspaceId, hestia, { title: 'Email team', parentId: review.id }),
    ]);
    const completed = await tools.runTool(context(), 'complete_task', { task: 'Weekly review', subtasks: 'complete' });
    expect(completed.message).toBe('Completed "Weekly review" and its open sub-tasks');
    const afterCompletion = await api.getProjectWithItems(workspaceId, hestia);
    // The next review, with the daily sub-task's next occurrence and the copies of the others under it.
    expect(afterCompletion.tasks).toHaveLength(8);
    // A teammate edits one of the sub-tasks since.
    const edited = afterCompletion.tasks.find((task) => task.id === mail.id);
    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${hestia}/tasks/${mail.id}`, { version: edited?.version, title: 'Email the team' })).status).toBe(200);

    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    expect(await undoAssistantWrite(context().caller, workspaceId, completed.undo?.token ?? '')).toEqual({
      message: 'Undone: Completed "Weekly review" and its open sub-tasks (1 sub-task changed since stays as it is)',
    });
    const { tasks, taskCount, completedTaskCount } = await api.getProjectWithItems(workspaceId, hestia);
    const byId = new Map(tasks.map((task) => [task.id, task]));
    expect(tasks.map((task) => task.id).sort()).toEqual([review.id, inbox.id, draft.id, mail.id].sort());
    expect([review, inbox, draft].map((task) => byId.get(task.id)).map((task) => [task?.status, task?.completed, task?.completedAt])).toEqual([
      ['todo', false, null],
      ['in_progress', false, null],
      ['todo', false, null],
    ]);
    expect(byId.get(mail.id)).toMatchObject({ title: 'Email the team', completed: true });
    expect({ taskCount, completedTaskCount }).toEqual({ taskCount: 4, completedTaskCount: 1 });
  });

  it("reads a task's comments and adds one as the user, whose undo deletes it; an over-long one is refused (issue 37)", async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Retro thread' });
    const comments = `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task.id}/comments`;
    expect((await api.call('POST', comments, { body: `Draft by Friday, @[${userIdOf(alice)}]` })).status).toBe(201);
    const read = await tools.runTool(context(), 'list_comments', { task: 'Retro thread' });
    expect(read.result).toMatchObject({ task: 'Retro thread', comments: [{ text: expect.stringMatching(/^Draft by Friday, @(?!\[)/) }] });

    await expect(tools.runTool(context(), 'add_comment', { task: 'Retro thread', text: 'x'.repeat(20_001) })).rejects.toThrow(/^Invalid arguments for add_comment: text/);
    const added = await tools.runTool(context(), 'add_comment', { task: 'Retro thread', text: 'Sent for review' });
    expect(added.message).toBe('Commented on "Retro thread"');
    const bodies = async () => ((await api.call('GET', comments)).body as { comments: { body: string; authorId: string }[] }).comments;
    expect((await bodies()).at(-1)).toEqual(expect.objectContaining({ body: 'Sent for review', authorId: userIdOf(alice) }));

    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    await undoAssistantWrite(context().caller, workspaceId, added.undo?.token ?? '');
    expect((await bodies()).map((comment) => comment.body)).toEqual([`Draft by Friday, @[${userIdOf(alice)}]`]);
    const { tasks } = await api.getProjectWithItems(workspaceId, projectId);
    expect(tasks.find((candidate) => candidate.id === task.id)?.commentCount).toBe(1);
  });

  it("reads a project's own comments and adds one as the user through the route's code, whose undo deletes it (issue 37)", async () => {
    const iris = (await api.createProject(workspaceId, { name: 'Iris' })).id;
    const task = await api.createTask(workspaceId, iris, { title: 'Kick-off' });
    const comments = `/workspaces/${workspaceId}/projects/${iris}/comments`;
    expect((await api.call('POST', comments, { body: `Scope agreed, @[${userIdOf(alice)}]` })).status).toBe(201);
    expect((await api.call('POST', `/workspaces/${workspaceId}/projects/${iris}/tasks/${task.id}/comments`, { body: 'On the task' })).status).toBe(201);
    const read = await tools.runTool(context(), 'list_project_comments', { project: 'Iris' });
    // The project's own comments only, mentions shown by name.
    expect(read).toMatchObject({ message: '1 comment on project Iris', result: { project: 'Iris', comments: [{ text: expect.stringMatching(/^Scope agreed, @(?!\[)/) }] } });

    await expect(tools.runTool(context(), 'add_project_comment', { project: 'Iris', text: '   ' })).rejects.toThrow(/^Not saved: body /);
    const added = await tools.runTool(context(), 'add_project_comment', { project: 'Iris', text: `Budget next, @[${userIdOf(alice)}]` });
    expect(added).toMatchObject({ message: 'Commented on project Iris', result: { project: 'Iris' } });
    const page = async () => (await api.call('GET', comments)).body as { comments: { body: string; authorId: string; mentions: string[]; taskId?: string }[] };
    expect((await page()).comments.at(-1)).toEqual(expect.objectContaining({ body: `Budget next, @[${userIdOf(alice)}]`, authorId: userIdOf(alice), mentions: [userIdOf(alice)] }));
    expect((await page()).comments.at(-1)?.taskId).toBeUndefined();
    expect((await api.getProjectWithItems(workspaceId, iris)).commentCount).toBe(2);

    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    expect(await undoAssistantWrite(context().caller, workspaceId, added.undo?.token ?? '')).toEqual({ message: 'Undone: Commented on project Iris' });
    expect((await page()).comments.map((comment) => comment.body)).toEqual([`Scope agreed, @[${userIdOf(alice)}]`]);
    expect((await api.getProjectWithItems(workspaceId, iris)).commentCount).toBe(1);
  });

  it("keeps a comment it wrote when the user has attached a file to it since: Undo answers 409 and nothing is deleted", async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Release notes' });
    const base = `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task.id}`;
    const added = await tools.runTool(context(), 'add_comment', { task: 'Release notes', text: 'Draft attached below' });
    const listed = async () => ((await api.call('GET', `${base}/comments`)).body as { comments: { id: string; body: string }[] }).comments;
    const [comment] = await listed();
    // The author attaches a file while editing and cancels the edit: the comment itself is unchanged.
    const upload = await api.call('POST', `${base}/attachments`, { fileName: 'notes.pdf', contentType: 'application/pdf', size: 10, commentId: comment?.id });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);

    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    await expect(undoAssistantWrite(context().caller, workspaceId, added.undo?.token ?? '')).rejects.toMatchObject({ statusCode: 409 });
    expect((await listed()).map((kept) => kept.body)).toEqual(['Draft attached below']);
  });

  it('undoes a reopening with the completion time the task had, not a new one', async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Shipped long ago', status: 'completed' });
    expect(task.completedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reopened = await tools.runTool(context(), 'update_task', { task: 'Shipped long ago', status: 'todo' });
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    await undoAssistantWrite(context().caller, workspaceId, reopened.undo?.token ?? '');
    const restored = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((candidate) => candidate.id === task.id);
    expect(restored).toMatchObject({ completed: true, status: 'completed', completedAt: task.completedAt });
  });

  it('a reply cut off after a write reports that write with its undo (the worker stores it rather than failing the request)', async () => {
    const { runTurn, TurnInterrupted } = await import('../../functions/ai/turn.js');
    let round = 0;
    const failsAfterWriting: import('../../functions/ai/providers/types.js').AssistantProvider = {
      name: 'fails-after-writing',
      async *respond() {
        round += 1;
        if (round > 1) throw new Error('model went away');
        yield { type: 'text', text: 'Adding it.' };
        yield { type: 'tool-use', use: { id: 'use-1', name: 'create_task', args: { title: 'Book the venue' } } };
      },
    };
    const failure = await runTurn({
      provider: failsAfterWriting,
      system: '',
      history: [{ role: 'user', text: 'add Book the venue' }],
      toolContext: context(),
      emit: async () => undefined,
      shouldStop: async () => false,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TurnInterrupted);
    const { partial } = failure as InstanceType<typeof TurnInterrupted>;
    expect(partial.content).toBe('Adding it.');
    expect(partial.toolCalls).toEqual([expect.objectContaining({ name: 'create_task', status: 'success', undo: expect.objectContaining({ label: expect.any(String) }) })]);
    expect((await api.getProjectWithItems(workspaceId, projectId)).tasks.map((task) => task.title)).toContain('Book the venue');
  });

  it('a write is made only on an exact or word-start name; a near miss asks "did you mean" and changes nothing', async () => {
    await api.createTask(workspaceId, projectId, { title: 'Launch' });
    await expect(tools.runTool(context(), 'complete_task', { task: 'Write the launch post' })).rejects.toThrow('Nothing is called exactly "Write the launch post". Did you mean "Launch"?');
    // Part of a word of Alice's name (her e-mail's local part) is not her.
    const partOfHerName = (alice.email.split('@')[0] ?? '').slice(2);
    await expect(tools.runTool(context(), 'update_task', { task: 'Launch', assignee: partOfHerName })).rejects.toThrow(/Did you mean/);
    expect((await api.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.title === 'Launch')).toMatchObject({ completed: false, assignedTo: null });
    // Reading forgives the same near miss.
    expect((await tools.runTool(context(), 'get_task', { task: 'Write the launch post' })).message).toBe('Found "Launch"');
    // The pill says what an update changed.
    const updated = await tools.runTool(context(), 'update_task', { task: 'Launch', dueDate: '2026-02-01', priority: 'high', assignee: 'me' });
    expect(updated.message).toBe(`Updated "Launch": high priority, due Sun 1 Feb, assigned to ${alice.email.split('@')[0] ?? ''}`);
  });

  it('lists open tasks with their assignee, of one member, and finds a task outside the chat’s project', async () => {
    const other = await api.createProject(workspaceId, { name: 'Zephyr' });
    await api.createTask(workspaceId, other.id, { title: 'Mine in Zephyr', assignedTo: userIdOf(alice) });
    const mine = await tools.runTool(context(), 'list_tasks', { assignee: 'me' });
    const listed = (mine.result as { tasks: { title: string; assignee: string | null }[] }).tasks;
    expect(listed.map((task) => task.title)).toContain('Mine in Zephyr');
    expect(listed.map((task) => task.title)).not.toContain('Pay rent');
    expect(new Set(listed.map((task) => task.assignee))).toEqual(new Set([alice.email.split('@')[0]]));
    const open = (await tools.runTool(context(), 'list_tasks', {})).result as { tasks: { title: string; assignee: string | null }[] };
    expect(open.tasks.map((task) => task.title)).toEqual(expect.arrayContaining(['Mine in Zephyr', 'Launch']));
    // The chat is about Apollo (context().projectId), but the task named is in Zephyr.
    expect((await tools.runTool(context(), 'complete_task', { task: 'Mine in Zephyr' })).message).toBe('Completed "Mine in Zephyr"');
  });

  it("previews the weekly plan as Generate would make it, the user's tasks and the unassigned ones, saving nothing", async () => {
    const week = await api.createWorkspace('Week');
    const [plans, side] = await Promise.all([api.createProject(week, { name: 'Plans' }), api.createProject(week, { name: 'Side' })]);
    const me = userIdOf(alice);
    const { createLabelFor } = await import('../../functions/domain/labels.js');
    const urgent = await createLabelFor(context().caller, week, { name: 'Urgent', color: '#EF4444' });
    await Promise.all([
      api.createTask(week, plans.id, { title: 'Mine tomorrow', dueDate: '2026-01-11', assignedTo: me, timeEstimate: 90 }),
      api.createTask(week, plans.id, { title: 'Anyone’s, undated' }),
      api.createTask(week, plans.id, { title: 'Mine late', dueDate: '2026-01-05', assignedTo: me, priority: 'high', labelIds: [urgent.id] }),
      api.createTask(week, plans.id, { title: 'Done already', dueDate: '2026-01-11', assignedTo: me, status: 'completed' }),
      api.createTask(week, side.id, { title: 'Side job', priority: 'low', timeEstimate: 8 * 60 }),
    ]);
    const inWeek = { ...context(), workspaceId: week, projectId: undefined };
    type Preview = { days: { date: string; tasks: { title: string; minutes: number; reason: string; labels?: string[] }[]; totalMinutes: number }[]; notFitting: unknown[]; saved: boolean };

    // 10 January 2026 is a Saturday: the projects' days are Monday to Friday. The deadlines come first (the
    // one due Sunday can only be late: no working day comes before it), then the rest, spread over the week.
    const preview = await tools.runTool(inWeek, 'preview_weekly_plan', {});
    const { days, saved } = preview.result as Preview;
    const titlesOn = (plan: Preview, date: string) => plan.days.find((day) => day.date === date)?.tasks.map((task) => task.title);
    expect(days.map((day) => day.date)).toEqual(['2026-01-10', '2026-01-11', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16']);
    expect(titlesOn(preview.result as Preview, '2026-01-12')).toEqual(['Mine late', 'Mine tomorrow']);
    expect(days.find((day) => day.date === '2026-01-12')?.totalMinutes).toBe(60 + 90);
    // Each task with its labels by name (issue 36); none on a task without.
    expect(days.find((day) => day.date === '2026-01-12')?.tasks.map((task) => [task.title, task.labels])).toEqual([
      ['Mine late', ['Urgent']],
      ['Mine tomorrow', undefined],
    ]);
    expect(titlesOn(preview.result as Preview, '2026-01-13')).toEqual(['Anyone’s, undated']);
    expect(titlesOn(preview.result as Preview, '2026-01-14')).toEqual(['Side job']);
    expect(saved).toBe(false);
    expect(preview.message).toBe('4 tasks over the next 7 days (a preview; nothing saved)');
    // Side first, after the deadlines: its day-long task takes the first free day before the team's unassigned one.
    const focused = (await tools.runTool(inWeek, 'preview_weekly_plan', { focus: ['Side'] })).result as Preview;
    expect(titlesOn(focused, '2026-01-12')).toEqual(['Mine late', 'Mine tomorrow']);
    expect(titlesOn(focused, '2026-01-13')).toEqual(['Side job']);
    expect(titlesOn(focused, '2026-01-14')).toEqual(['Anyone’s, undated']);

    const { version } = await api.getProject(week, side.id);
    expect((await api.call('PATCH', `/workspaces/${week}/projects/${side.id}`, { version, archived: true })).status).toBe(200);
    await expect(tools.runTool(inWeek, 'preview_weekly_plan', { focus: ['Side'] })).rejects.toThrow('Side is archived: its tasks are not planned.');

    // Nothing was written: the due dates are as they were.
    const { tasks } = await api.getProjectWithItems(week, plans.id);
    expect(Object.fromEntries(tasks.map((task) => [task.title, task.dueDate]))).toMatchObject({ 'Mine tomorrow': '2026-01-11', 'Anyone’s, undated': null, 'Mine late': '2026-01-05' });
    const { replyFor } = await import('../../functions/ai/offline/replies.js');
    const reply = replyFor([{ id: 'x', name: 'preview_weekly_plan', content: preview.result, isError: false }]);
    expect(reply).toContain('- **Mon 12 Jan**: Mine late (labels: Urgent), Mine tomorrow (2.5 h)');
    expect(reply).toContain('Nothing is saved');

    // The preview is the plan Generate makes: the same tasks on the same days for the same reasons, late and
    // over capacity alike.
    type Row = { id: string; reason: string; late?: true; overCapacity?: true };
    const everyone = (await tools.runTool(inWeek, 'preview_weekly_plan', { assignee: 'everyone' })).result as {
      days: { date: string; tasks: Row[] }[];
      notFitting: { id: string; reason: string }[];
    };
    const { generateWeeklyPlanFor } = await import('../../functions/domain/weekly-plan.js');
    const generated = await generateWeeklyPlanFor(inWeek.caller, week, {}, new Date('2026-01-10T12:00:00Z'));
    const byDay = (days: readonly { date: string; tasks: readonly Row[] }[]) =>
      days.map((day) => ({ date: day.date, tasks: day.tasks.map(({ id, reason, late, overCapacity }) => ({ id, reason, late, overCapacity })) }));
    expect(byDay(generated.days)).toEqual(byDay(everyone.days));
    // Late in both: the overdue one and the one due Sunday (no working day before it).
    expect(everyone.days.flatMap((day) => day.tasks).filter((task) => task.late).map((task) => task.reason)).toEqual([
      expect.stringContaining('was due 5 Jan'),
      expect.stringContaining('works no day by its due date, Sun'),
    ]);
    expect(generated.days.flatMap((day) => day.tasks)).toHaveLength(3);
    expect(generated.unplaced.map(({ taskId, reason }) => ({ id: taskId, reason }))).toEqual(everyone.notFitting.map(({ id, reason }) => ({ id, reason })));
  });

  it("leaves an archived project's tasks out of workspace-wide lists and the week, but lists them when it is named", async () => {
    const elsewhere = await api.createWorkspace('Archive');
    const [active, shelved] = await Promise.all([api.createProject(elsewhere, { name: 'Live' }), api.createProject(elsewhere, { name: 'Shelved' })]);
    const me = userIdOf(alice);
    await Promise.all([
      api.createTask(elsewhere, active.id, { title: 'Live late', dueDate: '2026-01-05', assignedTo: me }),
      api.createTask(elsewhere, shelved.id, { title: 'Shelved late', dueDate: '2026-01-05', assignedTo: me }),
      api.createTask(elsewhere, shelved.id, { title: 'Shelved tomorrow', dueDate: '2026-01-11', assignedTo: me }),
    ]);
    const { version } = await api.getProject(elsewhere, shelved.id);
    expect((await api.call('PATCH', `/workspaces/${elsewhere}/projects/${shelved.id}`, { version, archived: true })).status).toBe(200);
    const inArchive = { ...context(), workspaceId: elsewhere, projectId: undefined };
    const titles = (outcome: { result: unknown }) => (outcome.result as { tasks: { title: string }[] }).tasks.map((task) => task.title);

    expect(titles(await tools.runTool(inArchive, 'list_tasks', { filter: 'overdue' }))).toEqual(['Live late']);
    expect(titles(await tools.runTool(inArchive, 'list_tasks', { assignee: 'me' }))).toEqual(['Live late']);
    expect(titles(await tools.runTool(inArchive, 'list_tasks', { filter: 'overdue', project: 'Shelved' }))).toEqual(['Shelved late']);
    const week = (await tools.runTool(inArchive, 'preview_weekly_plan', {})).result as { days: { tasks: { title: string }[] }[] };
    expect(week.days.flatMap((day) => day.tasks.map((task) => task.title))).toEqual(['Live late']);
  });

  it('searches the workspace, lists its members, and changes a description', async () => {
    await api.createTask(workspaceId, projectId, { title: 'Renew the domain', description: 'before it lapses' });
    // The search index is written from the table's stream, a moment after the write.
    await expect
      .poll(async () => ((await tools.runTool(context(), 'search', { query: 'renew' })).result as { title: string; project: string | null }[]).map((found) => [found.title, found.project]), { timeout: 15_000 })
      .toEqual([['Renew the domain', 'Apollo']]);
    const members = await tools.runTool(context(), 'list_members', {});
    expect(members.result).toEqual([{ name: alice.email.split('@')[0], role: 'owner', you: true }]);
    const described = await tools.runTool(context(), 'update_task', { task: 'Renew the domain', description: 'Paid until 2030' });
    expect(described.message).toBe('Updated "Renew the domain": description');
    expect((await api.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.title === 'Renew the domain')?.description).toBe('Paid until 2030');
  });

  it('assigns by e-mail, and from a project’s chat finds the exact name elsewhere before guessing at home', async () => {
    const marketing = await api.createProject(workspaceId, { name: 'Marketing' });
    await api.createTask(workspaceId, marketing.id, { title: 'Launch post' });
    // The chat is about Apollo, which has a task 'Launch' (a near miss for 'Launch post').
    const done = await tools.runTool(context(), 'update_task', { task: 'Launch post', assignee: alice.email });
    expect(done.message).toMatch(/^Updated "Launch post": assigned to /);
    const stored = (await api.getProjectWithItems(workspaceId, marketing.id)).tasks.find((task) => task.title === 'Launch post');
    expect(stored?.assignedTo).toBe(userIdOf(alice));
  });

  it("never finds a person by e-mail address for a member, who may not see addresses (a member's assistant goes by names)", async () => {
    const bob = await newAccount();
    await addMember(alice, workspaceId, bob, 'member');
    await api.createTask(workspaceId, projectId, { title: 'Press kit' });
    const asBob = { caller: { userId: bob.userId, email: bob.email }, workspaceId, projectId, today: '2026-01-10' };
    // An address would confirm who has an account here: the same answer as for an address nobody has.
    await expect(tools.runTool(asBob, 'update_task', { task: 'Press kit', assignee: alice.email })).rejects.toThrow(`No member called "${alice.email}" in this workspace.`);
    const members = (await tools.runTool(asBob, 'list_members', {})).result as Record<string, unknown>[];
    expect(JSON.stringify(members)).not.toContain('@');
    // The owner's own assistant does go by addresses.
    expect((await tools.runTool(context(), 'update_task', { task: 'Press kit', assignee: bob.email })).message).toMatch(/^Updated "Press kit": assigned to /);
  });

  it('lists what is in progress, due tomorrow, or of one priority, and says what it looked for when there is none', async () => {
    const other = (await api.createProject(workspaceId, { name: 'Vega' })).id;
    await Promise.all([
      api.createTask(workspaceId, other, { title: 'Vega doing', status: 'in_progress', priority: 'high' }),
      api.createTask(workspaceId, other, { title: 'Vega tomorrow', dueDate: '2026-01-11', priority: 'low' }),
      api.createTask(workspaceId, other, { title: 'Vega today', dueDate: '2026-01-10', priority: 'high' }),
    ]);
    const titles = async (args: Record<string, unknown>) => ((await tools.runTool(context(), 'list_tasks', { project: 'Vega', ...args })).result as { tasks: { title: string }[] }).tasks.map((task) => task.title).sort();
    expect(await titles({ filter: 'in_progress' })).toEqual(['Vega doing']);
    expect(await titles({ filter: 'due_tomorrow' })).toEqual(['Vega tomorrow']);
    expect(await titles({ priority: 'high' })).toEqual(['Vega doing', 'Vega today']);
    const none = await tools.runTool(context(), 'list_tasks', { project: 'Vega', filter: 'overdue', priority: 'low' });
    expect(none).toMatchObject({ message: '0 low priority tasks overdue in Vega', result: { tasks: [], none: 'No low priority tasks overdue in Vega' } });
    // Across the workspace too, from the task index.
    const workspaceWide = await tools.runTool({ ...context(), projectId: undefined }, 'list_tasks', { filter: 'due_tomorrow' });
    expect((workspaceWide.result as { tasks: { title: string }[] }).tasks.map((task) => task.title)).toContain('Vega tomorrow');
  });

  it("changes a project's deadline, priority and favourite, and its undo puts back exactly those", async () => {
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    const before = await api.getProject(workspaceId, projectId);
    await expect(tools.runTool(context(), 'update_project', {})).rejects.toThrow('Nothing to change: say what should change.');
    await expect(tools.runTool(context(), 'update_project', { deadline: '2026-13-01' })).rejects.toThrow(/^Not saved: deadline /);
    const changed = await tools.runTool(context(), 'update_project', { project: 'apollo', deadline: '2026-06-30', priority: 'high', favorite: true });
    expect(changed.message).toBe('Updated project "Apollo": deadline Tue 30 Jun, high priority, a favourite');
    expect(changed.result).toMatchObject({ name: 'Apollo', deadline: '2026-06-30', priority: 'high', favorite: true });
    expect(await api.getProject(workspaceId, projectId)).toMatchObject({ deadline: '2026-06-30', priority: 'high', isFavorite: true, name: before.name, description: before.description });

    expect(await undoAssistantWrite(context().caller, workspaceId, changed.undo?.token ?? '')).toEqual({ message: 'Undone: Updated project "Apollo": deadline Tue 30 Jun, high priority, a favourite' });
    expect(await api.getProject(workspaceId, projectId)).toMatchObject({ deadline: before.deadline, priority: before.priority, isFavorite: before.isFavorite });

    // Asked for what it already is, nothing is written and nothing offered to undo.
    const same = await tools.runTool(context(), 'update_project', { priority: before.priority });
    expect(same).toMatchObject({ message: 'Project "Apollo" was already like that', result: { unchanged: true } });
    expect(same.undo).toBeUndefined();
    const { replyFor } = await import('../../functions/ai/offline/replies.js');
    expect(replyFor([{ id: 'x', name: 'update_project', content: same.result, isError: false }])).toBe('**Apollo** was already like that: nothing changed.');

    // A teammate's edit of another field since: the undo puts the name back and keeps their description.
    const renamed = await tools.runTool(context(), 'update_project', { name: 'Apollo 2' });
    const current = await api.getProject(workspaceId, projectId);
    await api.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}`, { version: current.version, description: 'Edited by a teammate' });
    expect(await undoAssistantWrite(context().caller, workspaceId, renamed.undo?.token ?? '')).toEqual({ message: 'Undone: Updated project "Apollo": name "Apollo 2"' });
    expect(await api.getProject(workspaceId, projectId)).toMatchObject({ name: 'Apollo', description: 'Edited by a teammate' });

    // A teammate's change of the same field since: the undo is refused and their change stays.
    const renamedAgain = await tools.runTool(context(), 'update_project', { name: 'Apollo 3' });
    const again = await api.getProject(workspaceId, projectId);
    await api.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}`, { version: again.version, name: 'Apollo (theirs)' });
    await expect(undoAssistantWrite(context().caller, workspaceId, renamedAgain.undo?.token ?? '')).rejects.toThrow('It has changed since the assistant wrote it; nothing was undone.');
    const after = await api.getProject(workspaceId, projectId);
    expect(after).toMatchObject({ name: 'Apollo (theirs)' });
    await api.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}`, { version: after.version, name: 'Apollo' });
  });

  it("undoes an edit of a task commented on since (the comment stays), but not one whose field someone changed", async () => {
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    const task = await api.createTask(workspaceId, projectId, { title: 'Talked about', priority: 'low' });
    const raised = await tools.runTool(context(), 'update_task', { task: 'Talked about', priority: 'high' });
    const taskPath = `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task.id}`;
    expect((await api.call('POST', `${taskPath}/comments`, { body: 'Why high?' })).status).toBe(201);
    expect(await undoAssistantWrite(context().caller, workspaceId, raised.undo?.token ?? '')).toEqual({ message: 'Undone: Updated "Talked about": high priority' });
    const taskNow = async () => (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((candidate) => candidate.id === task.id);
    expect(await taskNow()).toMatchObject({ priority: 'low', commentCount: 1 });

    const dated = await tools.runTool(context(), 'update_task', { task: 'Talked about', dueDate: '2027-03-01' });
    const current = await taskNow();
    await api.call('PATCH', taskPath, { version: current?.version, dueDate: '2027-03-05' });
    await expect(undoAssistantWrite(context().caller, workspaceId, dated.undo?.token ?? '')).rejects.toThrow('It has changed since the assistant wrote it; nothing was undone.');
    expect(await taskNow()).toMatchObject({ dueDate: '2027-03-05' });
  });

  it('Undo all takes back a reply newest first, an item it wrote twice included, and answers each write on its own', async () => {
    const { undoAssistantWrites } = await import('../../functions/domain/assistant.js');
    const created = await tools.runTool(context(), 'create_task', { title: 'Written twice', priority: 'low' });
    const completed = await tools.runTool(context(), 'complete_task', { task: 'Written twice' });
    const raised = await tools.runTool(context(), 'update_task', { task: 'Written twice', priority: 'high' });
    const other = await tools.runTool(context(), 'create_task', { title: 'Edited by a teammate' });
    const teammatesCopy = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.title === 'Edited by a teammate');
    await api.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${teammatesCopy?.id}`, { version: teammatesCopy?.version, description: 'Mine now' });

    const tokens = [other, raised, completed, created].map((outcome) => outcome.undo?.token ?? '');
    expect(await undoAssistantWrites(context().caller, workspaceId, tokens)).toEqual([
      { token: tokens[0], undone: false, message: 'It has changed since the assistant wrote it; nothing was undone.' },
      { token: tokens[1], undone: true, message: 'Undone: Updated "Written twice": high priority' },
      { token: tokens[2], undone: true, message: 'Undone: Completed "Written twice"' },
      { token: tokens[3], undone: true, message: 'Undone: Created "Written twice" in Apollo' },
    ]);
    const titles = (await api.getProjectWithItems(workspaceId, projectId)).tasks.map((task) => task.title);
    expect(titles).toContain('Edited by a teammate');
    expect(titles).not.toContain('Written twice');
    // Each write is undone once, in a batch or alone.
    expect(await undoAssistantWrites(context().caller, workspaceId, [tokens[3] ?? ''])).toEqual([{ token: tokens[3], undone: false, message: 'Already undone' }]);
  });

  it('Undo all answers 404 to someone who is not a member, and takes nothing back', async () => {
    const { undoAssistantWrites } = await import('../../functions/domain/assistant.js');
    const created = await tools.runTool(context(), 'create_task', { title: 'Not theirs' });
    const stranger = await newAccount();
    await expect(undoAssistantWrites({ userId: userIdOf(stranger), email: stranger.email }, workspaceId, [created.undo?.token ?? ''])).rejects.toThrow(/not found/i);
    expect((await api.getProjectWithItems(workspaceId, projectId)).tasks.map((task) => task.title)).toContain('Not theirs');
  });

  it('creates, lists, completes and reschedules milestones, each with an undo that puts back exactly what it changed', async () => {
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    const undo = (outcome: { undo?: { token: string } }) => undoAssistantWrite(context().caller, workspaceId, outcome.undo?.token ?? '');
    const milestonesNow = async () => (await api.getProjectWithItems(workspaceId, projectId)).milestones;

    await expect(tools.runTool(context(), 'create_milestone', { title: 'Beta' })).rejects.toThrow('A milestone needs a due date: when is "Beta" due?');
    await expect(tools.runTool(context(), 'create_milestone', { title: 'Beta', dueDate: '2026-02-30' })).rejects.toThrow(/^Not saved: dueDate /);
    const created = await tools.runTool(context(), 'create_milestone', { title: 'Beta', dueDate: '2026-02-01', description: 'Feature complete' });
    expect(created.message).toBe('Created milestone "Beta" in Apollo, due Sun 1 Feb');
    expect(await milestonesNow()).toEqual([expect.objectContaining({ title: 'Beta', dueDate: '2026-02-01', description: 'Feature complete', completed: false })]);
    const listed = await tools.runTool(context(), 'list_milestones', {});
    expect(listed).toMatchObject({ message: '1 milestone in Apollo', result: [{ title: 'Beta', dueDate: '2026-02-01', completed: false, project: 'Apollo' }] });

    // A write needs the name or the words it begins: 'Bet' is one; 'Betta' is a near miss.
    await expect(tools.runTool(context(), 'update_milestone', { milestone: 'Betta', completed: true })).rejects.toThrow(/Did you mean "Beta"\?/);
    const completed = await tools.runTool(context(), 'update_milestone', { milestone: 'Bet', completed: true });
    expect(completed.message).toBe('Updated milestone "Beta": completed');
    const [done] = await milestonesNow();
    expect(done).toMatchObject({ completed: true, completedAt: expect.any(String) });
    expect((await tools.runTool(context(), 'update_milestone', { milestone: 'Beta', completed: true })).undo).toBeUndefined();

    const moved = await tools.runTool(context(), 'update_milestone', { milestone: 'Beta', dueDate: '2026-03-15', completed: false });
    expect(moved.message).toBe('Updated milestone "Beta": due Sun 15 Mar, not completed');
    expect(await milestonesNow()).toEqual([expect.objectContaining({ dueDate: '2026-03-15', completed: false, completedAt: null })]);
    // Undone, the milestone is completed again with the completion time it had, on its old date.
    expect(await undo(moved)).toEqual({ message: 'Undone: Updated milestone "Beta": due Sun 15 Mar, not completed' });
    expect(await milestonesNow()).toEqual([expect.objectContaining({ dueDate: '2026-02-01', completed: true, completedAt: done?.completedAt })]);

    // An undo whose milestone changed since is refused; the undo of the create deletes it while unchanged.
    const [current] = await milestonesNow();
    await api.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}/milestones/${current?.id}`, { version: current?.version, completed: false });
    await expect(undo(completed)).rejects.toThrow('It has changed since the assistant wrote it; nothing was undone.');
    const second = await tools.runTool(context(), 'create_milestone', { title: 'Launch', dueDate: '2026-04-01' });
    expect(await undo(second)).toEqual({ message: 'Undone: Created milestone "Launch" in Apollo, due Wed 1 Apr' });
    expect((await milestonesNow()).map((milestone) => milestone.title)).toEqual(['Beta']);
    await expect(undo(second)).rejects.toThrow('Already undone');
  });
});

describe("the weekly plan's questions, answered from the planner (issue 31)", () => {
  let tools: Tools;
  let alice: Account;
  let bob: Account;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  // 12 January 2026 is a Monday: both work Monday to Friday, 8 hours (the default).
  const context = () => ({ caller: { userId: userIdOf(alice), email: alice.email }, workspaceId, projectId: undefined, today: '2026-01-12' });

  beforeAll(async () => {
    tools = await import('../../functions/ai/tools.js');
    [alice, bob] = await Promise.all([newAccount(), newAccount()]);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Risks');
    await addMember(alice, workspaceId, bob);
    const crunch = (await api.createProject(workspaceId, { name: 'Crunch' })).id;
    const me = userIdOf(alice);
    await api.createTask(workspaceId, crunch, { title: 'Big day', timeEstimate: 480, dueDate: '2026-01-12', assignedTo: me });
    const { createLabelFor } = await import('../../functions/domain/labels.js');
    const blocker = await createLabelFor({ userId: me, email: alice.email }, workspaceId, { name: 'Client', color: '#EF4444' });
    await api.createTask(workspaceId, crunch, { title: 'Overflow', timeEstimate: 120, dueDate: '2026-01-12', assignedTo: me, labelIds: [blocker.id] });
  });

  it('says what is at risk and who has room for it, why a task is on its day, and who has room on a day', async () => {
    const bobsName = ((await tools.runTool(context(), 'list_members', {})).result as { name: string; you: boolean }[]).find((member) => !member.you)?.name;
    const risks = await tools.runTool(context(), 'plan_risks', {});
    expect(risks.message).toBe('1 task at risk this week');
    expect((risks.result as { atRisk: unknown[] }).atRisk).toEqual([
      expect.objectContaining({ title: 'Overflow', project: 'Crunch', labels: ['Client'], plannedFor: 'Mon 12 Jan', why: expect.stringMatching(/^can't fit by Mon: .+ has 0 min free, it needs 2h$/), roomWith: bobsName }),
    ]);

    const why = await tools.runTool(context(), 'explain_plan_day', { task: 'Big day' });
    expect(why.result).toMatchObject({ title: 'Big day', plannedFor: 'Mon 12 Jan', why: expect.stringContaining('due that day') });
    expect(why.result).not.toHaveProperty('labels');
    expect((await tools.runTool(context(), 'explain_plan_day', { task: 'Overflow' })).result).toMatchObject({ title: 'Overflow', labels: ['Client'] });

    const room = (await tools.runTool(context(), 'who_has_room', { day: 'Monday' })).result as { day: string; members: { name: string; free: string; you: boolean }[] };
    expect(room.day).toBe('Mon 12 Jan');
    expect(room.members.map(({ name, free, you }) => ({ name, free, you }))).toEqual([
      { name: bobsName, free: '8h', you: false },
      { name: expect.any(String), free: 'no time', you: true },
    ]);
    await expect(tools.runTool(context(), 'who_has_room', { day: 'someday' })).rejects.toThrow(/^Name a day of the next 7: Mon 12 Jan, /);
    const { replyFor } = await import('../../functions/ai/offline/replies.js');
    expect(replyFor([{ id: 'r', name: 'plan_risks', content: risks.result, isError: false }])).toContain(`- **Overflow** (Crunch): can't fit by Mon`);
  });

  it('moves a task to next week and replans (an undo puts its due date back), and sets what blocks a task (undone too)', async () => {
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    const moved = await tools.runTool(context(), 'move_to_next_week', { task: 'Overflow' });
    expect(moved.message).toBe('Moved "Overflow" to next week (due Mon 19 Jan)');
    const replanned = (moved.result as { replanned: { day: string; tasks: string[] }[] }).replanned;
    expect(replanned[0]).toEqual({ day: 'Mon 12 Jan', tasks: ['Big day'] });
    // Pinned to the day after the week: the replan (and Generate) leave it out rather than pulling it back in.
    expect(replanned.flatMap((day) => day.tasks)).not.toContain('Overflow');
    const overflow = async () => (await tools.runTool(context(), 'get_task', { task: 'Overflow' })).result as Record<string, unknown>;
    expect(await overflow()).toMatchObject({ dueDate: '2026-01-19', pinned: true });
    await undoAssistantWrite(context().caller, workspaceId, moved.undo?.token ?? '');
    expect(await overflow()).toMatchObject({ dueDate: '2026-01-12' });
    expect(await overflow()).not.toHaveProperty('pinned');

    const blocked = await tools.runTool(context(), 'update_task', { task: 'Overflow', blockedBy: ['Big day'] });
    expect(blocked.message).toBe('Updated "Overflow": blocked by "Big day"');
    expect(await overflow()).toMatchObject({ blocked: true, blockedBy: [{ title: 'Big day', done: false }] });
    await expect(tools.runTool(context(), 'update_task', { task: 'Big day', blockedBy: ['Overflow'] })).rejects.toThrow(/That would make a cycle/);
    await undoAssistantWrite(context().caller, workspaceId, blocked.undo?.token ?? '');
    expect(await overflow()).not.toHaveProperty('blockedBy');
  });
});

describe('undoing what the assistant created', () => {
  let alice: Account;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let projectId: string;
  const caller = () => ({ userId: userIdOf(alice), email: alice.email });
  const context = () => ({ caller: caller(), workspaceId, projectId, today: '2026-01-10' });

  beforeAll(async () => {
    alice = await newAccount();
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Undo');
    projectId = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
  });

  /** Creates a task or note through the assistant's tool: its id, version and undo token. */
  async function createdByAssistant(kind: 'task' | 'note', title: string) {
    const tools = await import('../../functions/ai/tools.js');
    const outcome = await tools.runTool(context(), kind === 'task' ? 'create_task' : 'create_note', { title });
    const items = await api.getProjectWithItems(workspaceId, projectId);
    const item = (kind === 'task' ? items.tasks : items.notes).find((candidate) => candidate.title === title);
    if (!item || !outcome.undo) throw new Error(`The assistant's ${kind} was not created`);
    return { id: item.id, version: item.version, token: outcome.undo.token };
  }

  /** A teammate's edit of the item (another tab of Alice's: any member may edit), through the API. */
  async function editAsTeammate(kind: 'task' | 'note', item: { id: string; version: number }, title: string): Promise<void> {
    const path = `/workspaces/${workspaceId}/projects/${projectId}/${kind}s/${item.id}`;
    expect((await api.call('PATCH', path, { version: item.version, title })).status).toBe(200);
  }

  async function titlesOf(kind: 'task' | 'note'): Promise<string[]> {
    const items = await api.getProjectWithItems(workspaceId, projectId);
    return (kind === 'task' ? items.tasks : items.notes).map((item) => item.title);
  }

  it.each(['task', 'note'] as const)('refuses to delete a created %s someone has edited since, and keeps it', async (kind) => {
    const created = await createdByAssistant(kind, `Draft ${kind}`);
    await editAsTeammate(kind, created, `Draft ${kind}, edited`);
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    await expect(undoAssistantWrite(caller(), workspaceId, created.token)).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/changed since/) });
    expect(await titlesOf(kind)).toContain(`Draft ${kind}, edited`);
  });

  /**
   * Undoes `token` with a teammate's edit landing right after the undo has read the item `id` and found it
   * as the assistant left it; expects the undo refused as changed since, and the edit to have landed.
   */
  async function undoOvertakenBy(token: string, id: string, edit: () => Promise<void>): Promise<void> {
    const { documentClient } = await import('../../functions/data/client.js');
    let pending = true;
    documentClient.middlewareStack.add(
      (next, handlerContext) => async (args) => {
        const result = await next(args);
        if (pending && handlerContext.commandName === 'GetItemCommand' && JSON.stringify(args.input).includes(id)) {
          pending = false;
          await edit();
        }
        return result;
      },
      { step: 'initialize', name: 'editDuringUndo' },
    );
    try {
      const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
      await expect(undoAssistantWrite(caller(), workspaceId, token)).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/changed since/) });
      expect(pending).toBe(false);
    } finally {
      documentClient.middlewareStack.remove('editDuringUndo');
    }
  }

  it.each(['task', 'note'] as const)('keeps a created %s whose edit lands while the undo runs (after its check, before its delete)', async (kind) => {
    const created = await createdByAssistant(kind, `Racing ${kind}`);
    await undoOvertakenBy(created.token, created.id, () => editAsTeammate(kind, created, `Racing ${kind}, edited`));
    expect(await titlesOf(kind)).toContain(`Racing ${kind}, edited`);
  });

  it("keeps a teammate's edit that lands while an edit of the assistant is undone, and says it changed since", async () => {
    const task = await api.createTask(workspaceId, projectId, { title: 'Racing edit' });
    const tools = await import('../../functions/ai/tools.js');
    const edited = await tools.runTool(context(), 'update_task', { task: 'Racing edit', priority: 'high' });
    const after = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((candidate) => candidate.id === task.id);
    if (!after || !edited.undo) throw new Error('The assistant did not edit the task');
    await undoOvertakenBy(edited.undo.token, task.id, () => editAsTeammate('task', after, 'Racing edit, renamed'));
    const kept = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((candidate) => candidate.id === task.id);
    expect(kept).toMatchObject({ title: 'Racing edit, renamed', priority: 'high' });
  });
});
