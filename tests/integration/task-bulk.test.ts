import { beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../shared/realtime.js';
import { labelResponse } from '../../shared/schemas/label.js';
import { MAX_SUBTASKS, type TaskView } from '../../shared/schemas/project.js';
import { bulkDeleteTasksResponse, bulkMoveTasksResponse, bulkUpdateTasksResponse, MAX_BULK_TASKS, restoreDeletedTasksResponse } from '../../shared/schemas/task-bulk.js';
import { callApi } from './helpers.js';
import { config, createTeam, createWorkspace, newAccount, queryTable, subscribe, type Team } from './member-fixtures.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const bulkPath = (workspaceId: string) => `/workspaces/${workspaceId}/tasks/bulk`;
const refOf = (task: TaskView) => ({ projectId: task.projectId, taskId: task.id, version: task.version });

describe('bulk edit of tasks through the local HTTP API (issue 36)', () => {
  let team: Team;
  let api: ReturnType<typeof projectApi>;
  let projects: string[];

  beforeAll(async () => {
    team = await createTeam();
    api = projectApi(config, team.owner);
    projects = await Promise.all(['Launch', 'Docs'].map(async (name) => (await api.createProject(team.workspaceId, { name })).id));
  });

  /** The sub-task counts stored in a project's partition (layout 8), by parent, beside what its tasks say. */
  const subtaskCounts = async (projectId: string) => {
    const stored = await queryTable({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :counts)',
      ExpressionAttributeValues: { ':pk': `PROJ#${team.workspaceId}#${projectId}`, ':counts': 'SUBTASKS#' },
    });
    const tasks = (await api.getProjectWithItems(team.workspaceId, projectId)).tasks;
    const counted = Object.fromEntries(tasks.filter((task) => tasks.some((other) => other.parentId === task.id)).map((task) => [task.id, tasks.filter((other) => other.parentId === task.id).length]));
    return { stored: Object.fromEntries(stored.filter((item) => Number(item.count) !== 0).map((item) => [String(item.SK).slice('SUBTASKS#'.length), Number(item.count)])), counted };
  };

  const tasksOf = async () => (await Promise.all(projects.map(async (id) => (await api.getProjectWithItems(team.workspaceId, id)).tasks))).flat();

  it('changes the tasks of several projects in one request; a task changed meanwhile keeps that change and is reported; others hear it', async () => {
    const { workspaceId, member } = team;
    const labelOf = async (name: string) => labelResponse.parse((await api.call('POST', `/workspaces/${workspaceId}/labels`, { name })).body).label.id;
    const [bug, docs] = [await labelOf('Bug'), await labelOf('Docs')];
    const [launch = '', docsProject = ''] = projects;
    const first = await api.createTask(workspaceId, launch, { title: 'One', labelIds: [bug], priority: 'low' });
    const second = await api.createTask(workspaceId, docsProject, { title: 'Two', dueDate: '2026-12-01' });
    const third = await api.createTask(workspaceId, docsProject, { title: 'Three' });
    // Someone renames the third after the selection was made.
    const renamed = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${third.projectId}/tasks/${third.id}`, { version: 1, title: 'Three, renamed' });
    expect(renamed.status).toBe(200);

    const socket = await subscribe(member.idToken, workspaceId);
    const pushed = new Map<string, number>();
    socket.on('message', (data) => {
      const message = serverMessage.safeParse(JSON.parse(String(data))).data;
      for (const change of message?.type === 'workspace.changed' ? message.changes : []) {
        if (change.entity === 'task' && change.item) pushed.set(change.item.id, change.item.version);
      }
    });

    const change = { priority: 'high', dueDate: '2026-12-24', assignedTo: userIdOf(member), addLabelIds: [docs], removeLabelIds: [bug] };
    const response = await callApi(config, 'POST', bulkPath(workspaceId), { token: member.idToken, body: { tasks: [first, second, third].map(refOf), change } });
    expect(response.status).toBe(200);
    const answer = bulkUpdateTasksResponse.parse(response.body);
    expect(answer.left).toEqual([{ projectId: third.projectId, taskId: third.id, reason: 'changed' }]);
    expect(answer.changed.map((task) => task.id).sort()).toEqual([first.id, second.id].sort());

    const stored = new Map((await tasksOf()).map((task) => [task.id, task]));
    for (const task of [first, second]) {
      expect(stored.get(task.id)).toMatchObject({ priority: 'high', dueDate: '2026-12-24', assignedTo: userIdOf(member), labelIds: [docs], version: 2 });
    }
    expect(stored.get(first.id)?.title).toBe('One');
    expect(stored.get(third.id)).toMatchObject({ title: 'Three, renamed', priority: 'medium', version: 2 });
    // Other browsers get the new versions.
    await expect.poll(() => [pushed.get(first.id), pushed.get(second.id)], { timeout: 10_000 }).toEqual([2, 2]);
    socket.close();

    // Undo puts back what each task had, except where someone changed it since the edit.
    const beforeOf = (task: TaskView) => ({ priority: task.priority, dueDate: task.dueDate, assignedTo: task.assignedTo, labelIds: task.labelIds ?? [] });
    const edited = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${second.projectId}/tasks/${second.id}`, { version: 2, title: 'Two, edited' });
    expect(edited.status).toBe(200);
    const restore = [first, second].map((task) => ({ ...refOf(task), version: 2, fields: beforeOf(task) }));
    const undone = await callApi(config, 'POST', `${bulkPath(workspaceId)}/restore`, { token: member.idToken, body: { tasks: restore } });
    expect(undone.status).toBe(200);
    expect(bulkUpdateTasksResponse.parse(undone.body).left).toEqual([{ projectId: second.projectId, taskId: second.id, reason: 'changed' }]);
    const afterUndo = new Map((await tasksOf()).map((task) => [task.id, task]));
    expect(afterUndo.get(first.id)).toMatchObject({ priority: 'low', dueDate: null, assignedTo: null, labelIds: [bug], version: 3 });
    expect(afterUndo.get(second.id)).toMatchObject({ title: 'Two, edited', priority: 'high', version: 3 });
  });

  it('refuses bad input naming the field and writes nothing: a task of another workspace, over 1,000 ids, an unknown label or assignee', async () => {
    const { workspaceId, owner } = team;
    const mine = await api.createTask(workspaceId, projects[0] ?? '', { title: 'Mine' });
    const other = await newAccount();
    const otherWorkspace = await createWorkspace(other);
    const otherApi = projectApi(config, other);
    const theirs = await otherApi.createTask(otherWorkspace, (await otherApi.createProject(otherWorkspace)).id, { title: 'Theirs' });
    const send = (body: object, token = owner.idToken, workspace = workspaceId) => callApi(config, 'POST', bulkPath(workspace), { token, body });
    const fieldsOf = (body: unknown) => (body as { fields?: { field: string }[] }).fields?.map((field) => field.field);

    const foreign = await send({ tasks: [refOf(mine), refOf(theirs)], change: { priority: 'high' } });
    expect({ status: foreign.status, fields: fieldsOf(foreign.body) }).toEqual({ status: 400, fields: ['tasks.1.taskId'] });
    const tooMany = Array.from({ length: MAX_BULK_TASKS + 1 }, (_, index) => ({ ...refOf(mine), taskId: `t${index}` }));
    const many = await send({ tasks: tooMany, change: { priority: 'high' } });
    expect({ status: many.status, fields: fieldsOf(many.body) }).toEqual({ status: 400, fields: ['tasks'] });
    const label = await send({ tasks: [refOf(mine)], change: { priority: 'high', addLabelIds: ['no-such-label'] } });
    expect({ status: label.status, fields: fieldsOf(label.body) }).toEqual({ status: 400, fields: ['change.addLabelIds'] });
    const assignee = await send({ tasks: [refOf(mine)], change: { assignedTo: userIdOf(other) } });
    expect({ status: assignee.status, fields: fieldsOf(assignee.body) }).toEqual({ status: 400, fields: ['change.assignedTo'] });
    // An outsider learns nothing: the workspace is not found for them.
    expect((await send({ tasks: [refOf(mine)], change: { priority: 'high' } }, other.idToken)).status).toBe(404);

    const stored = (await tasksOf()).find((task) => task.id === mine.id);
    expect(stored).toMatchObject({ priority: 'medium', version: 1 });
    expect((await otherApi.getProjectWithItems(otherWorkspace, theirs.projectId)).tasks[0]).toMatchObject({ priority: 'medium', version: 1 });
  });

  it('completes, reopens and undoes across projects over several transactions, the counts of each project equal to a recount', async () => {
    const { workspaceId, member } = team;
    const [big, small] = await Promise.all(['Many', 'Few'].map((name) => api.createProject(workspaceId, { name })));
    if (!big || !small) throw new Error('projects not created');
    // 99 + 6 tasks: the first transaction holds 98 tasks and the 2 projects' counter updates.
    // Made 15 at a time (the counters' transactions retry their conflicts), kept in this order.
    const created: TaskView[] = [];
    for (let start = 0; start < 105; start += 15) {
      const indexes = Array.from({ length: 15 }, (_, offset) => start + offset);
      created.push(...(await Promise.all(indexes.map((index) => api.createTask(workspaceId, index < 99 ? big.id : small.id, { title: `Task ${index}` })))));
    }
    const already = await api.createTask(workspaceId, small.id, { title: 'Done before', status: 'completed' });
    const stale = created[100] as TaskView;
    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${small.id}/tasks/${stale.id}`, { version: 1, title: 'Renamed' })).status).toBe(200);
    const send = (path: string, body: object) => callApi(config, 'POST', path, { token: member.idToken, body });
    const recount = async (projectId: string) => {
      const { tasks, taskCount, completedTaskCount } = await api.getProjectWithItems(workspaceId, projectId);
      return { taskCount, completedTaskCount, recount: { taskCount: tasks.length, completedTaskCount: tasks.filter((task) => task.completed).length } };
    };

    const completed = await send(bulkPath(workspaceId), { tasks: [...created, already].map(refOf), change: { completed: true } });
    expect(completed.status).toBe(200);
    const answer = bulkUpdateTasksResponse.parse(completed.body);
    expect(answer.left).toEqual([{ projectId: small.id, taskId: stale.id, reason: 'changed' }]);
    expect(answer.changed).toHaveLength(105);
    expect(answer.changed.find((task) => task.id === already.id)?.completedAt).toBe(already.completedAt);
    expect(answer.changed.every((task) => task.status === 'completed' && task.completed && task.completedAt)).toBe(true);
    expect(await recount(big.id)).toEqual({ taskCount: 99, completedTaskCount: 99, recount: { taskCount: 99, completedTaskCount: 99 } });
    expect(await recount(small.id)).toEqual({ taskCount: 7, completedTaskCount: 6, recount: { taskCount: 7, completedTaskCount: 6 } });

    // Reopening a few into In progress, then its Undo: each completed again with the completion time it had.
    const reopened = answer.changed.filter((task) => task.projectId === small.id);
    const back = await send(bulkPath(workspaceId), { tasks: reopened.map(refOf), change: { status: 'in_progress' } });
    const reopenedNow = bulkUpdateTasksResponse.parse(back.body).changed;
    expect(reopenedNow.map((task) => [task.status, task.completed, task.completedAt])).toEqual(reopened.map(() => ['in_progress', false, null]));
    expect(await recount(small.id)).toEqual({ taskCount: 7, completedTaskCount: 0, recount: { taskCount: 7, completedTaskCount: 0 } });
    const fieldsOf = (task: TaskView) => ({ priority: task.priority, dueDate: task.dueDate, assignedTo: task.assignedTo, labelIds: task.labelIds ?? [], status: task.status, completed: task.completed, completedAt: task.completedAt });
    const undo = await send(`${bulkPath(workspaceId)}/restore`, { tasks: reopened.map((task) => ({ ...refOf(task), version: task.version + 1, fields: fieldsOf(task) })) });
    expect(undo.status).toBe(200);
    const restored = bulkUpdateTasksResponse.parse(undo.body).changed;
    expect(restored.map((task) => task.completedAt)).toEqual(reopened.map((task) => task.completedAt));
    expect(await recount(small.id)).toEqual({ taskCount: 7, completedTaskCount: 6, recount: { taskCount: 7, completedTaskCount: 6 } });
  });

  it('completes a repeating task making its next occurrence once, withdrawn by the Undo; refuses a blocked one (naming the field), writing nothing', async () => {
    const strict = await api.createWorkspace('Strict bulk');
    expect((await api.call('PATCH', `/workspaces/${strict}`, { blockersMustBeDone: true })).status).toBe(200);
    const site = await api.createProject(strict, { name: 'Site' });
    const [blocker, weekly] = await Promise.all([
      api.createTask(strict, site.id, { title: 'Approve budget' }),
      api.createTask(strict, site.id, { title: 'Weekly review', dueDate: '2026-12-07', repeat: { rule: 'FREQ=WEEKLY', from: 'due', timeZone: 'UTC' } }),
    ]);
    const [blocked, step] = await Promise.all([
      api.createTask(strict, site.id, { title: 'Order banners', blockedBy: [{ projectId: site.id, taskId: blocker.id }] }),
      api.createTask(strict, site.id, { title: 'Collect notes', parentId: weekly.id }),
    ]);
    const send = (body: object, path = bulkPath(strict)) => api.call('POST', path, body);
    const itemsOf = () => api.getProjectWithItems(strict, site.id);

    const waiting = await send({ tasks: [refOf(blocked), refOf(weekly)], change: { status: 'completed', priority: 'high' } });
    expect(waiting).toMatchObject({ status: 400, body: { fields: [{ field: 'change.status', message: expect.stringContaining('Order banners') }] } });
    expect((await itemsOf()).tasks.map((task) => task.version)).toEqual([1, 1, 1, 1]);

    const both = await send({ tasks: [refOf(blocked), refOf(blocker), refOf(weekly)], change: { completed: true } });
    expect(both.status).toBe(200);
    const completed = bulkUpdateTasksResponse.parse(both.body).changed;
    expect(completed.map((task) => task.completed)).toEqual([true, true, true]);
    const next = (await itemsOf()).tasks.filter((task) => task.title === 'Weekly review' && !task.completed);
    expect(next.map((task) => [task.dueDate, task.version])).toEqual([['2026-12-14', 1]]);
    // Its sub-task is carried to it, open, as a single completion does.
    const carried = (await itemsOf()).tasks.filter((task) => task.parentId === next[0]?.id);
    expect(carried.map((task) => [task.title, task.completed])).toEqual([[step.title, false]]);
    expect(await api.getProject(strict, site.id)).toMatchObject({ taskCount: 6, completedTaskCount: 3 });

    // Undo reopens them and withdraws the untouched next occurrence with its copy; completing again makes it once more.
    const fieldsOf = (task: TaskView) => ({ priority: task.priority, dueDate: task.dueDate, assignedTo: task.assignedTo, labelIds: [], status: task.status, completed: task.completed, completedAt: null });
    const before = [blocked, blocker, weekly];
    const undo = await send({ tasks: completed.map((task, index) => ({ ...refOf(task), fields: fieldsOf(before[index] as TaskView) })) }, `${bulkPath(strict)}/restore`);
    expect(undo.status).toBe(200);
    expect(await itemsOf()).toMatchObject({ taskCount: 4, completedTaskCount: 0 });
    const reopened = bulkUpdateTasksResponse.parse(undo.body).changed.find((task) => task.id === weekly.id) as TaskView;
    expect((await send({ tasks: [refOf(reopened)], change: { completed: true } })).status).toBe(200);
    expect((await itemsOf()).tasks.filter((task) => task.title === 'Weekly review' && !task.completed).map((task) => task.id)).toEqual(next.map((task) => task.id));
  });

  it("keeps a repeating sub-task's next occurrence under its parent as a single completion does: after its siblings, under the parent's next occurrence, else on the board; counts right", async () => {
    const { workspaceId, member } = team;
    const project = await api.createProject(workspaceId, { name: 'Chores' });
    const weekly = { rule: 'FREQ=WEEKLY', from: 'due', timeZone: 'UTC' } as const;
    const repeating = (title: string, parentId: string) => ({ title, parentId, dueDate: '2026-12-07', repeat: weekly });
    const [garden, chores, moving, archive] = await Promise.all([
      api.createTask(workspaceId, project.id, { title: 'Garden' }),
      api.createTask(workspaceId, project.id, { title: 'Chores', dueDate: '2026-12-07', repeat: weekly }),
      api.createTask(workspaceId, project.id, { title: 'Moving day' }),
      api.createTask(workspaceId, project.id, { title: 'Archive' }),
    ]);
    if (!garden || !chores || !moving || !archive) throw new Error('tasks not created');
    const mow = await api.createTask(workspaceId, project.id, repeating('Mow', garden.id));
    const weed = await api.createTask(workspaceId, project.id, repeating('Weed', garden.id));
    const rake = await api.createTask(workspaceId, project.id, { title: 'Rake', parentId: garden.id });
    const dishes = await api.createTask(workspaceId, project.id, repeating('Dishes', chores.id));
    await api.createTask(workspaceId, project.id, { title: 'Laundry', parentId: chores.id });
    const cat = await api.createTask(workspaceId, project.id, repeating('Water the cat', moving.id));
    const file = await api.createTask(workspaceId, project.id, repeating('File papers', archive.id));
    // The archive is completed before the bulk: its sub-task's next occurrence cannot go under it (checked in the write).
    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${project.id}/tasks/${archive.id}`, { version: 1, completed: true })).status).toBe(200);

    const selection = [mow, weed, chores, dishes, moving, cat, file].map(refOf);
    const response = await callApi(config, 'POST', bulkPath(workspaceId), { token: member.idToken, body: { tasks: selection, change: { completed: true } } });
    expect(response.status).toBe(200);
    expect(bulkUpdateTasksResponse.parse(response.body)).toMatchObject({ left: [] });
    expect(bulkUpdateTasksResponse.parse(response.body).changed).toHaveLength(7);

    const { tasks, taskCount, completedTaskCount } = await api.getProjectWithItems(workspaceId, project.id);
    const open = (title: string) => tasks.filter((task) => task.title === title && !task.completed);
    const nextChores = open('Chores')[0] as TaskView;
    expect(open('Chores')).toHaveLength(1);
    // Under the open parent, after its siblings, in the order completed.
    expect([open('Mow').length, open('Weed').length]).toEqual([1, 1]);
    const [nextMow, nextWeed] = [open('Mow')[0] as TaskView, open('Weed')[0] as TaskView];
    expect([nextMow.parentId, nextWeed.parentId, nextMow.dueDate]).toEqual([garden.id, garden.id, '2026-12-14']);
    expect(nextMow.position).toBeGreaterThan(rake.position);
    expect(nextWeed.position).toBeGreaterThan(nextMow.position);
    // Completed with its repeating parent: under the parent's next occurrence, in its place, beside the copy of the plain sub-task.
    expect(open('Dishes').map((task) => [task.parentId, task.position, task.dueDate])).toEqual([[nextChores.id, dishes.position, '2026-12-14']]);
    expect(open('Laundry').map((task) => task.parentId).sort()).toEqual([chores.id, nextChores.id].sort());
    // Under a parent completed with it that does not repeat, or completed before: a task of its own.
    for (const title of ['Water the cat', 'File papers']) {
      expect(open(title)).toHaveLength(1);
      expect(open(title)[0]).not.toHaveProperty('parentId');
    }
    expect(tasks.filter((task) => task.title === 'Water the cat').map((task) => task.id)).toContain(cat.id);
    expect(tasks.find((task) => task.id === file.id)).toMatchObject({ completed: true, parentId: archive.id });
    // The counters and each parent's sub-task count (3/5) equal a recount.
    expect({ taskCount, completedTaskCount }).toEqual({ taskCount: tasks.length, completedTaskCount: tasks.filter((task) => task.completed).length });
    const counts = await subtaskCounts(project.id);
    expect(counts.stored).toEqual(counts.counted);
    expect(counts.counted[garden.id]).toBe(5);
  });

  it("puts a repeating sub-task's next occurrence on the board when its parent is full (the count checked in the write)", async () => {
    const { workspaceId, member } = team;
    const project = await api.createProject(workspaceId, { name: 'Full' });
    const parent = await api.createTask(workspaceId, project.id, { title: 'Crowded' });
    const [stretch] = await Promise.all([
      api.createTask(workspaceId, project.id, { title: 'Stretch', parentId: parent.id, dueDate: '2026-12-07', repeat: { rule: 'FREQ=DAILY', from: 'due', timeZone: 'UTC' } }),
      ...Array.from({ length: MAX_SUBTASKS - 1 }, (_, index) => api.createTask(workspaceId, project.id, { title: `Step ${index}`, parentId: parent.id })),
    ]);
    if (!stretch) throw new Error('sub-task not created');
    const response = await callApi(config, 'POST', bulkPath(workspaceId), { token: member.idToken, body: { tasks: [refOf(stretch)], change: { completed: true } } });
    expect(bulkUpdateTasksResponse.parse(response.body)).toMatchObject({ left: [], changed: [{ id: stretch.id, completed: true }] });
    const { tasks, taskCount, completedTaskCount } = await api.getProjectWithItems(workspaceId, project.id);
    const next = tasks.filter((task) => task.title === 'Stretch' && !task.completed);
    expect(next.map((task) => [task.parentId, task.dueDate, task.status])).toEqual([[undefined, '2026-12-08', 'todo']]);
    expect({ taskCount, completedTaskCount }).toEqual({ taskCount: MAX_SUBTASKS + 2, completedTaskCount: 1 });
    expect(await subtaskCounts(project.id)).toEqual({ stored: { [parent.id]: MAX_SUBTASKS }, counted: { [parent.id]: MAX_SUBTASKS } });
  });

  it('completes many repeating tasks of 2 projects in one request: one next occurrence each; the same request again makes none', async () => {
    const { workspaceId, member } = team;
    const [one, two] = await Promise.all(['Daily one', 'Daily two'].map((name) => api.createProject(workspaceId, { name })));
    if (!one || !two) throw new Error('projects not created');
    const daily = { rule: 'FREQ=DAILY', from: 'due', timeZone: 'UTC' } as const;
    const created: TaskView[] = [];
    for (let start = 0; start < 60; start += 15) {
      const indexes = Array.from({ length: 15 }, (_, offset) => start + offset);
      created.push(
        ...(await Promise.all(
          indexes.map((index) => api.createTask(workspaceId, index % 2 === 0 ? one.id : two.id, { title: `Routine ${index}`, dueDate: '2026-12-07', repeat: daily, assignedTo: userIdOf(member) })),
        )),
      );
    }
    const send = () => callApi(config, 'POST', bulkPath(workspaceId), { token: member.idToken, body: { tasks: created.map(refOf), change: { completed: true } } });
    const first = await send();
    expect(first.status).toBe(200);
    expect(bulkUpdateTasksResponse.parse(first.body).changed).toHaveLength(60);
    const again = await send();
    expect(again.status).toBe(200);
    expect(bulkUpdateTasksResponse.parse(again.body)).toMatchObject({ changed: [] });
    expect(bulkUpdateTasksResponse.parse(again.body).left).toHaveLength(60);

    for (const project of [one, two]) {
      const { tasks, taskCount, completedTaskCount } = await api.getProjectWithItems(workspaceId, project.id);
      const next = tasks.filter((task) => !task.completed);
      expect(next).toHaveLength(30);
      expect(new Set(next.map((task) => task.title)).size).toBe(30);
      expect(next.every((task) => task.dueDate === '2026-12-08' && task.assignedTo === userIdOf(member))).toBe(true);
      // On the board, one after another at the end of To Do.
      expect(new Set(next.map((task) => task.position)).size).toBe(30);
      expect({ taskCount, completedTaskCount }).toEqual({ taskCount: 60, completedTaskCount: 30 });
    }
  }, 60_000);

  it('deletes tasks of several projects in one request with their sub-tasks, leaves one changed meanwhile, uncounts them and tells others', async () => {
    const { workspaceId, member } = team;
    const [one, two] = await Promise.all(['Delete one', 'Delete two'].map((name) => api.createProject(workspaceId, { name })));
    if (!one || !two) throw new Error('projects not created');
    const [parent, other, kept, stale, loneParent] = await Promise.all([
      api.createTask(workspaceId, one.id, { title: 'Parent' }),
      api.createTask(workspaceId, two.id, { title: 'Other', status: 'completed' }),
      api.createTask(workspaceId, two.id, { title: 'Kept' }),
      api.createTask(workspaceId, two.id, { title: 'Stale' }),
      api.createTask(workspaceId, one.id, { title: 'Keeps its sub-task' }),
    ]);
    if (!parent || !other || !kept || !stale || !loneParent) throw new Error('tasks not created');
    const [firstSub, secondSub, lone] = await Promise.all([
      api.createTask(workspaceId, one.id, { title: 'Sub one', parentId: parent.id }),
      api.createTask(workspaceId, one.id, { title: 'Sub two', parentId: parent.id, status: 'completed' }),
      api.createTask(workspaceId, one.id, { title: 'Lone sub', parentId: loneParent.id }),
    ]);
    if (!firstSub || !secondSub || !lone) throw new Error('sub-tasks not created');
    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${two.id}/tasks/${stale.id}`, { version: 1, title: 'Renamed' })).status).toBe(200);

    const socket = await subscribe(member.idToken, workspaceId);
    const gone = new Set<string>();
    socket.on('message', (data) => {
      const message = serverMessage.safeParse(JSON.parse(String(data))).data;
      for (const change of message?.type === 'workspace.changed' ? message.changes : []) if (change.entity === 'task' && change.deleted && change.id) gone.add(change.id);
    });
    const selection = [parent, firstSub, other, stale, lone].map(refOf);
    const response = await callApi(config, 'POST', `${bulkPath(workspaceId)}/delete`, { token: member.idToken, body: { tasks: selection } });
    expect(response.status).toBe(200);
    const answer = bulkDeleteTasksResponse.parse(response.body);
    const deletedIds = [parent, firstSub, secondSub, other, lone].map((task) => task.id).sort();
    expect(answer.deleted.map((task) => task.taskId).sort()).toEqual(deletedIds);
    expect(answer.left).toEqual([{ projectId: two.id, taskId: stale.id, reason: 'changed' }]);

    const [left, right] = await Promise.all([one, two].map((project) => api.getProjectWithItems(workspaceId, project.id)));
    expect(left?.tasks.map((task) => [task.title, task.parentId])).toEqual([['Keeps its sub-task', undefined]]);
    expect(right?.tasks.map((task) => task.title).sort()).toEqual(['Kept', 'Renamed']);
    expect([left?.taskCount, left?.completedTaskCount, right?.taskCount, right?.completedTaskCount]).toEqual([1, 0, 2, 0]);
    // The parents' sub-task counts follow: the deleted parent's is gone, the lone sub-task's parent counts none.
    expect(await subtaskCounts(one.id)).toEqual({ stored: {}, counted: {} });
    await expect.poll(() => deletedIds.every((id) => gone.has(id)), { timeout: 10_000 }).toBe(true);
    socket.close();

    // A task not of this workspace (the same reading as the edit's, tested above) or a stranger's request deletes nothing.
    const stranger = await newAccount();
    const foreign = await callApi(config, 'POST', `${bulkPath(workspaceId)}/delete`, {
      token: member.idToken,
      body: { tasks: [refOf(kept), { projectId: two.id, taskId: 'not-here', version: 1 }] },
    });
    expect(foreign).toMatchObject({ status: 400, body: { fields: [{ field: 'tasks.1.taskId' }] } });
    expect((await callApi(config, 'POST', `${bulkPath(workspaceId)}/delete`, { token: stranger.idToken, body: { tasks: [refOf(kept)] } })).status).toBe(404);
    expect((await api.getProjectWithItems(workspaceId, two.id)).tasks.map((task) => task.title).sort()).toEqual(['Kept', 'Renamed']);
  });
  it("undoes a bulk delete from the server's copies: the same tasks back with their fields and counts, once, and only in its own workspace", async () => {
    const { workspaceId, member } = team;
    const [one, two] = await Promise.all(['Undo one', 'Undo two'].map((name) => api.createProject(workspaceId, { name })));
    if (!one || !two) throw new Error('projects not created');
    const [first, second] = await Promise.all([
      api.createTask(workspaceId, one.id, { title: 'First parent', priority: 'high', dueDate: '2026-12-24' }),
      api.createTask(workspaceId, two.id, { title: 'Second parent', status: 'in_progress' }),
    ]);
    if (!first || !second) throw new Error('tasks not created');
    const subs = await Promise.all([
      api.createTask(workspaceId, one.id, { title: 'Sub 1a', parentId: first.id }),
      api.createTask(workspaceId, one.id, { title: 'Sub 1b', parentId: first.id, status: 'completed' }),
      api.createTask(workspaceId, two.id, { title: 'Sub 2a', parentId: second.id }),
    ]);
    const before = (await Promise.all([one, two].map((project) => api.getProjectWithItems(workspaceId, project.id)))).map(({ tasks, taskCount, completedTaskCount }) => ({
      tasks: tasks.sort((a, b) => a.id.localeCompare(b.id)),
      taskCount,
      completedTaskCount,
    }));
    expect(before.map(({ taskCount }) => taskCount)).toEqual([3, 2]);

    const send = (path: string, body: object, token = member.idToken) => callApi(config, 'POST', `${bulkPath(workspaceId)}${path}`, { token, body });
    const deleted = bulkDeleteTasksResponse.parse((await send('/delete', { tasks: [first, second].map(refOf) })).body);
    expect(deleted.deleted).toHaveLength(5);
    const undoId = deleted.undoId ?? '';
    expect(undoId).not.toBe('');
    expect((await api.getProjectWithItems(workspaceId, one.id)).tasks).toEqual([]);

    // Another workspace's member cannot reach this workspace's copies (through theirs, or through this one).
    const stranger = await newAccount();
    const theirs = await createWorkspace(stranger);
    expect((await callApi(config, 'POST', `${bulkPath(theirs)}/delete/restore`, { token: stranger.idToken, body: { undoId } })).status).toBe(404);
    expect((await send('/delete/restore', { undoId }, stranger.idToken)).status).toBe(404);
    expect((await send('/delete/restore', { undoId: 'not-an-undo' })).status).toBe(404);

    const restored = await send('/delete/restore', { undoId });
    expect(restored.status).toBe(200);
    const answer = restoreDeletedTasksResponse.parse(restored.body);
    expect(answer.skipped).toEqual([]);
    expect(answer.restored.map((task) => task.id).sort()).toEqual([first, second, ...subs].map((task) => task?.id).sort());
    const after = (await Promise.all([one, two].map((project) => api.getProjectWithItems(workspaceId, project.id)))).map(({ tasks, taskCount, completedTaskCount }) => ({
      tasks: tasks.sort((a, b) => a.id.localeCompare(b.id)),
      taskCount,
      completedTaskCount,
    }));
    // The same tasks with the same fields (versions too), the counters equal to a recount.
    expect(after).toEqual(before);
    for (const { tasks, taskCount, completedTaskCount } of after) expect([taskCount, completedTaskCount]).toEqual([tasks.length, tasks.filter((task) => task.completed).length]);
    expect(await subtaskCounts(one.id)).toEqual({ stored: { [first.id]: 2 }, counted: { [first.id]: 2 } });
    expect(await subtaskCounts(two.id)).toEqual({ stored: { [second.id]: 1 }, counted: { [second.id]: 1 } });
    // The trash entries are gone: a second Undo finds nothing and changes nothing.
    expect((await send('/delete/restore', { undoId })).status).toBe(404);
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :batch)', ExpressionAttributeValues: { ':pk': `TRASH#${workspaceId}`, ':batch': `ENTRY#${undoId}-` } })).toEqual([]);
    expect((await api.getProjectWithItems(workspaceId, one.id)).taskCount).toBe(3);
  });

  it('deletes a task with the most sub-tasks in a bulk delete (its trash entry is one item of the transaction), and its Undo brings them all back', async () => {
    const { workspaceId, member } = team;
    const project = await api.createProject(workspaceId, { name: 'Crowded' });
    const parent = await api.createTask(workspaceId, project.id, { title: 'Crowded parent' });
    // All at once: each add updates the parent's sub-task count, and the transactions retry their conflicts.
    await Promise.all(Array.from({ length: MAX_SUBTASKS }, (_, index) => api.createTask(workspaceId, project.id, { title: `Sub ${index}`, parentId: parent.id })));
    const other = await api.createTask(workspaceId, project.id, { title: 'Other' });
    const response = await callApi(config, 'POST', `${bulkPath(workspaceId)}/delete`, { token: member.idToken, body: { tasks: [other, parent].map(refOf) } });
    const deleted = bulkDeleteTasksResponse.parse(response.body);
    expect(deleted.deleted).toHaveLength(MAX_SUBTASKS + 2);
    expect((await api.getProjectWithItems(workspaceId, project.id)).taskCount).toBe(0);
    const restored = await callApi(config, 'POST', `${bulkPath(workspaceId)}/delete/restore`, { token: member.idToken, body: { undoId: deleted.undoId } });
    expect(restoreDeletedTasksResponse.parse(restored.body).restored).toHaveLength(MAX_SUBTASKS + 2);
    expect((await api.getProjectWithItems(workspaceId, project.id)).taskCount).toBe(MAX_SUBTASKS + 2);
    expect(await subtaskCounts(project.id)).toEqual({ stored: { [parent.id]: MAX_SUBTASKS }, counted: { [parent.id]: MAX_SUBTASKS } });
  });

  it('moves tasks of several projects to another with their sub-tasks, each project counted in the same transactions, and its Undo moves them back', async () => {
    const { workspaceId, member } = team;
    const [first, second, target] = await Promise.all(['Move from', 'Move from too', 'Move to'].map((name) => api.createProject(workspaceId, { name })));
    if (!first || !second || !target) throw new Error('projects not created');
    const label = labelResponse.parse((await api.call('POST', `/workspaces/${workspaceId}/labels`, { name: 'Moving' })).body).label.id;
    const [parent, done, stale, loneParent, there] = await Promise.all([
      api.createTask(workspaceId, first.id, { title: 'Parent', labelIds: [label] }),
      api.createTask(workspaceId, second.id, { title: 'Done', status: 'completed' }),
      api.createTask(workspaceId, second.id, { title: 'Stale' }),
      api.createTask(workspaceId, first.id, { title: 'Lone parent' }),
      api.createTask(workspaceId, target.id, { title: 'Already there', position: 5000 }),
    ]);
    const [sub, doneSub, lone] = await Promise.all([
      api.createTask(workspaceId, first.id, { title: 'Sub', parentId: parent.id }),
      api.createTask(workspaceId, first.id, { title: 'Done sub', parentId: parent.id, status: 'completed' }),
      api.createTask(workspaceId, first.id, { title: 'Lone sub', parentId: loneParent.id }),
    ]);
    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${second.id}/tasks/${stale.id}`, { version: 1, title: 'Renamed' })).status).toBe(200);
    const send = (path: string, body: object) => callApi(config, 'POST', `${bulkPath(workspaceId)}/${path}`, { token: member.idToken, body });
    const countsOf = async (projectId: string) => {
      const { tasks, taskCount, completedTaskCount } = await api.getProjectWithItems(workspaceId, projectId);
      expect({ taskCount, completedTaskCount }).toEqual({ taskCount: tasks.length, completedTaskCount: tasks.filter((task) => task.completed).length });
      return tasks;
    };

    const selection = [parent, sub, done, stale, lone, there];
    const response = await send('move', { tasks: selection.map(refOf), projectId: target.id });
    expect(response.status).toBe(200);
    const answer = bulkMoveTasksResponse.parse(response.body);
    expect(answer.left).toEqual([{ projectId: second.id, taskId: stale.id, reason: 'changed' }]);
    expect(answer.moved.map(({ fromProjectId, task }) => [task.title, fromProjectId]).sort()).toEqual(
      [['Parent', first.id], ['Sub', first.id], ['Done sub', first.id], ['Done', second.id], ['Lone sub', first.id]].sort(),
    );
    const moved = new Map((await countsOf(target.id)).map((task) => [task.title, task]));
    // At the end of their columns; the sub-tasks under their parent as they were, the lone one a task of its own; labels kept.
    expect(moved.get('Parent')).toMatchObject({ position: 6024, labelIds: [label], version: 2 });
    expect([moved.get('Lone sub')?.position, moved.get('Lone sub')?.parentId]).toEqual([7048, undefined]);
    expect([moved.get('Sub')?.parentId, moved.get('Done sub')?.parentId, moved.get('Done sub')?.id, moved.get('Sub')?.position]).toEqual([parent.id, parent.id, doneSub.id, sub.position]);
    expect(moved.get('Done')).toMatchObject({ completed: true, completedAt: done.completedAt });
    expect((await countsOf(first.id)).map((task) => task.title)).toEqual(['Lone parent']);
    expect((await countsOf(second.id)).map((task) => task.title)).toEqual(['Renamed']);
    // The sub-task counts moved with the parent; the lone sub-task's parent counts none.
    expect(await subtaskCounts(target.id)).toEqual({ stored: { [parent.id]: 2 }, counted: { [parent.id]: 2 } });
    expect(await subtaskCounts(first.id)).toEqual({ stored: {}, counted: {} });

    // Undo: back to their projects, places and parent.
    const before = new Map(selection.map((task) => [task.id, task]));
    const undo = answer.moved.flatMap(({ task }) => {
      const was = before.get(task.id);
      return was ? [{ ...refOf(task), back: { projectId: was.projectId, position: was.position, ...(was.parentId ? { parentId: was.parentId } : {}) } }] : [];
    });
    const undone = await send('move/restore', { tasks: undo });
    expect({ status: undone.status, left: bulkMoveTasksResponse.parse(undone.body).left }).toEqual({ status: 200, left: [] });
    const home = new Map((await countsOf(first.id)).map((task) => [task.title, task]));
    expect([...home.keys()].sort()).toEqual(['Done sub', 'Lone parent', 'Lone sub', 'Parent', 'Sub']);
    expect(home.get('Lone sub')).toMatchObject({ parentId: loneParent.id, position: lone.position });
    expect(home.get('Parent')?.position).toBe(parent.position);
    expect((await countsOf(second.id)).map((task) => task.title).sort()).toEqual(['Done', 'Renamed']);
    expect((await countsOf(target.id)).map((task) => task.title)).toEqual(['Already there']);
    const counts = await subtaskCounts(first.id);
    expect(counts).toEqual({ stored: counts.counted, counted: { [parent.id]: 2, [loneParent.id]: 1 } });

    // A target not of this workspace is refused, naming the field, and nothing moves.
    const stranger = await newAccount();
    const theirs = await projectApi(config, stranger).createProject(await createWorkspace(stranger));
    const foreign = await send('move', { tasks: [refOf(there)], projectId: theirs.id });
    expect(foreign).toMatchObject({ status: 400, body: { fields: [{ field: 'projectId' }] } });
    expect((await countsOf(target.id))[0]?.version).toBe(1);
  });

  it('keeps a moved blocker blocking: the refs of the tasks waiting for it follow it to its new project and back with the Undo; others hear it', async () => {
    const strict = await api.createWorkspace('Strict move');
    expect((await api.call('PATCH', `/workspaces/${strict}`, { blockersMustBeDone: true })).status).toBe(200);
    const [from, to, elsewhere] = await Promise.all(['From', 'To', 'Elsewhere'].map((name) => api.createProject(strict, { name })));
    if (!from || !to || !elsewhere) throw new Error('projects not created');
    const [blocker, other] = await Promise.all([api.createTask(strict, from.id, { title: 'Approve budget' }), api.createTask(strict, elsewhere.id, { title: 'Other blocker' })]);
    const refTo = (task: TaskView, projectId = task.projectId) => ({ projectId, taskId: task.id });
    // One waiting task stays in another project; one moves with its blocker.
    const [waiting, movedToo] = await Promise.all([
      api.createTask(strict, elsewhere.id, { title: 'Order banners', blockedBy: [refTo(other), refTo(blocker)] }),
      api.createTask(strict, from.id, { title: 'Print flyers', blockedBy: [refTo(blocker)] }),
    ]);
    const taskIn = async (projectId: string, id: string) => (await api.getProjectWithItems(strict, projectId)).tasks.find((task) => task.id === id);
    const socket = await subscribe(team.owner.idToken, strict);
    const pushed = new Map<string, number>();
    socket.on('message', (data) => {
      const message = serverMessage.safeParse(JSON.parse(String(data))).data;
      for (const change of message?.type === 'workspace.changed' ? message.changes : []) {
        if (change.entity === 'task' && change.item) pushed.set(change.item.id, change.item.version);
      }
    });

    const response = await api.call('POST', `${bulkPath(strict)}/move`, { tasks: [refOf(blocker), refOf(movedToo)], projectId: to.id });
    expect(response.status).toBe(200);
    const answer = bulkMoveTasksResponse.parse(response.body);
    expect(answer.moved.map(({ task }) => task.id).sort()).toEqual([blocker.id, movedToo.id].sort());
    const after = await taskIn(elsewhere.id, waiting.id);
    expect(after).toMatchObject({ blockedBy: [refTo(other), refTo(blocker, to.id)], version: 2 });
    // The one moved with it names the new project in its own move (one write, the version answered).
    expect(await taskIn(to.id, movedToo.id)).toMatchObject({ blockedBy: [refTo(blocker, to.id)], version: 2 });
    expect(answer.moved.find(({ task }) => task.id === movedToo.id)?.task).toMatchObject({ blockedBy: [refTo(blocker, to.id)], version: 2 });
    await expect.poll(() => pushed.get(waiting.id), { timeout: 10_000 }).toBe(2);
    socket.close();
    // Still blocked: completing it is refused, alone or in bulk, naming the moved blocker.
    const complete = await api.call('PATCH', `/workspaces/${strict}/projects/${elsewhere.id}/tasks/${waiting.id}`, { version: 2, completed: true });
    expect(complete).toMatchObject({ status: 400, body: { fields: [{ field: 'completed', message: expect.stringContaining('Approve budget') }] } });
    const bulk = await api.call('POST', bulkPath(strict), { tasks: [refOf(after as TaskView)], change: { completed: true } });
    expect(bulk).toMatchObject({ status: 400, body: { fields: [{ field: 'change.completed', message: expect.stringContaining('Order banners') }] } });

    // The Undo brings the refs back to the old project.
    const undo = answer.moved.map(({ task }) => ({ ...refOf(task), back: { projectId: from.id, position: task.id === blocker.id ? blocker.position : movedToo.position } }));
    const undone = await api.call('POST', `${bulkPath(strict)}/move/restore`, { tasks: undo });
    expect({ status: undone.status, left: bulkMoveTasksResponse.parse(undone.body).left }).toEqual({ status: 200, left: [] });
    expect(await taskIn(elsewhere.id, waiting.id)).toMatchObject({ blockedBy: [refTo(other), refTo(blocker, from.id)], version: 3 });
    expect(await taskIn(from.id, movedToo.id)).toMatchObject({ blockedBy: [refTo(blocker, from.id)], version: 3 });
    // A task waiting for nothing moved is not written.
    expect((await taskIn(elsewhere.id, other.id))?.version).toBe(1);
  });
});
