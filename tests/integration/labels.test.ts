import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { serverMessage } from '../../shared/realtime.js';
import { labelResponse, listLabelsResponse, MAX_LABELS_PER_WORKSPACE } from '../../shared/schemas/label.js';
import { taskResponse } from '../../shared/schemas/project.js';
import { searchResponse } from '../../shared/schemas/search.js';
import { callApi } from './helpers.js';
import { config, createTeam, createWorkspace, newAccount, queryTable, subscribe, tableClient, testTable, useTestTable, type Account } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

const labelsPath = (workspaceId: string) => `/workspaces/${workspaceId}/labels`;

async function labelsOf(user: Account, workspaceId: string) {
  return listLabelsResponse.parse((await callApi(config, 'GET', labelsPath(workspaceId), { token: user.idToken })).body).labels;
}

async function createLabel(user: Account, workspaceId: string, body: object) {
  const response = await callApi(config, 'POST', labelsPath(workspaceId), { token: user.idToken, body });
  expect(response.status).toBe(201);
  return labelResponse.parse(response.body).label;
}

/** A new owner's workspace with one project, and the owner's project calls. */
async function ownerWithProject(name: string) {
  const owner = await newAccount();
  const workspaceId = await createWorkspace(owner);
  const api = projectApi(config, owner);
  return { owner, workspaceId, api, project: await api.createProject(workspaceId, { name }) };
}

describe('labels through the local HTTP API', () => {
  it('owners and admins create, rename and delete labels; every member lists them; a member may not manage them', async () => {
    const { workspaceId, owner, admin, member } = await createTeam();
    const bug = await createLabel(owner, workspaceId, { name: ' Bug ', color: '#ef4444' });
    expect(bug).toMatchObject({ name: 'Bug', color: '#EF4444', version: 1 });
    const docs = await createLabel(admin, workspaceId, { name: 'Docs' });
    expect(docs.color).toBe('#6B7280');
    expect((await labelsOf(member, workspaceId)).map((label) => label.name)).toEqual(['Bug', 'Docs']);

    const path = `${labelsPath(workspaceId)}/${bug.id}`;
    expect((await callApi(config, 'POST', labelsPath(workspaceId), { token: member.idToken, body: { name: 'Mine' } })).status).toBe(403);
    expect((await callApi(config, 'PATCH', path, { token: member.idToken, body: { version: 1, name: 'Mine' } })).status).toBe(403);
    expect((await callApi(config, 'DELETE', path, { token: member.idToken })).status).toBe(403);

    const renamed = await callApi(config, 'PATCH', path, { token: admin.idToken, body: { version: 1, name: 'Defect' } });
    expect(labelResponse.parse(renamed.body).label).toMatchObject({ name: 'Defect', color: '#EF4444', version: 2 });
    expect((await callApi(config, 'PATCH', path, { token: owner.idToken, body: { version: 1, color: '#000000' } })).status).toBe(409);
    // The old name is free again once renamed.
    await createLabel(owner, workspaceId, { name: 'bug' });

    expect((await callApi(config, 'DELETE', path, { token: admin.idToken })).status).toBe(204);
    expect((await callApi(config, 'DELETE', path, { token: admin.idToken })).status).toBe(404);
    expect((await labelsOf(owner, workspaceId)).map((label) => label.name)).toEqual(['bug', 'Docs']);
    // Its name went with it.
    await createLabel(owner, workspaceId, { name: 'DEFECT' });
  });

  it('refuses a name another label has in any case, bad names and colours, and a workspace over its limit, storing nothing', async () => {
    const owner = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const urgent = await createLabel(owner, workspaceId, { name: 'Urgent' });
    const refused = async (method: string, path: string, body: object, field: string) => {
      const response = await callApi(config, method, path, { token: owner.idToken, body });
      expect(response).toMatchObject({ status: 400, body: { fields: [{ field }] } });
    };
    await refused('POST', labelsPath(workspaceId), { name: 'uRGENT ' }, 'name');
    await refused('POST', labelsPath(workspaceId), { name: '' }, 'name');
    await refused('POST', labelsPath(workspaceId), { name: 'x'.repeat(31) }, 'name');
    await refused('POST', labelsPath(workspaceId), { name: 'Two\nlines' }, 'name');
    await refused('POST', labelsPath(workspaceId), { name: 'Red', color: 'red' }, 'color');
    const other = await createLabel(owner, workspaceId, { name: 'Later' });
    await refused('PATCH', `${labelsPath(workspaceId)}/${other.id}`, { version: 1, name: 'urgent' }, 'name');
    expect(await labelsOf(owner, workspaceId)).toEqual([other, urgent]);

    await Promise.all(Array.from({ length: MAX_LABELS_PER_WORKSPACE - 5 }, (_, index) => createLabel(owner, workspaceId, { name: `Label ${index}` })));
    // Six made at once with room for three: the count in the write lets exactly three through.
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) => callApi(config, 'POST', labelsPath(workspaceId), { token: owner.idToken, body: { name: `Racing ${index}` } })),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    for (const response of racing.filter((answer) => answer.status === 400)) {
      expect(response.body).toMatchObject({ fields: [{ field: 'name', message: `A workspace may have at most ${MAX_LABELS_PER_WORKSPACE} labels` }] });
    }
    await refused('POST', labelsPath(workspaceId), { name: 'One too many' }, 'name');
    expect(await labelsOf(owner, workspaceId)).toHaveLength(MAX_LABELS_PER_WORKSPACE);
  });

  it('puts labels on tasks, refuses a label of another workspace, and takes a deleted label off every task (pushed to the team)', async () => {
    const { workspaceId, owner, member } = await createTeam();
    const api = projectApi(config, member);
    const [first, second] = await Promise.all([api.createProject(workspaceId, { name: 'First' }), api.createProject(workspaceId, { name: 'Second' })]);
    const [bug, docs] = await Promise.all([createLabel(owner, workspaceId, { name: 'Bug' }), createLabel(owner, workspaceId, { name: 'Docs' })]);
    const elsewhere = await createLabel(owner, await createWorkspace(owner), { name: 'Elsewhere' });

    const unlabelled = await api.createTask(workspaceId, first.id, { title: 'Plain' });
    expect(unlabelled.labelIds).toBeUndefined();
    const both = await api.createTask(workspaceId, first.id, { title: 'Both', labelIds: [bug.id, docs.id] });
    expect(both.labelIds).toEqual([bug.id, docs.id]);
    const onlyBug = await api.createTask(workspaceId, second.id, { title: 'Only bug', labelIds: [bug.id] });

    const tasksPath = `/workspaces/${workspaceId}/projects/${first.id}/tasks`;
    const refused = await callApi(config, 'POST', tasksPath, { token: member.idToken, body: { title: 'Foreign', labelIds: [elsewhere.id] } });
    expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'labelIds' }] } });
    const twice = await callApi(config, 'PATCH', `${tasksPath}/${unlabelled.id}`, { token: member.idToken, body: { version: 1, labelIds: [bug.id, bug.id] } });
    expect(twice).toMatchObject({ status: 400, body: { fields: [{ field: 'labelIds' }] } });
    const foreign = await callApi(config, 'PATCH', `${tasksPath}/${unlabelled.id}`, { token: member.idToken, body: { version: 1, labelIds: [elsewhere.id] } });
    expect(foreign).toMatchObject({ status: 400, body: { fields: [{ field: 'labelIds' }] } });
    const items = await api.getProjectWithItems(workspaceId, first.id);
    expect(items.tasks.map((task) => [task.title, task.version, task.labelIds])).toEqual(
      expect.arrayContaining([
        ['Plain', 1, undefined],
        ['Both', 1, [bug.id, docs.id]],
      ]),
    );
    expect(items.tasks.some((task) => task.title === 'Foreign')).toBe(false);

    const labelled = await callApi(config, 'PATCH', `${tasksPath}/${unlabelled.id}`, { token: member.idToken, body: { version: 1, labelIds: [docs.id] } });
    expect(taskResponse.parse(labelled.body).task).toMatchObject({ labelIds: [docs.id], version: 2 });

    const socket = await subscribe(member.idToken, workspaceId);
    const pushedTasks = new Map<string, unknown>();
    let labelDeletionPushed = false;
    const pushed = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const message = serverMessage.safeParse(JSON.parse(String(data))).data;
        const changes = message?.type === 'workspace.changed' ? message.changes : [];
        for (const change of changes) {
          if (change.entity === 'task' && change.item) pushedTasks.set(change.item.id, change.item.labelIds);
          // A label is named only: the browser reads the list again.
          if (change.entity === 'label' && change.id === bug.id && change.deleted) labelDeletionPushed = true;
        }
        if (pushedTasks.has(both.id) && pushedTasks.has(onlyBug.id) && labelDeletionPushed) resolve();
      }),
    );
    expect((await callApi(config, 'DELETE', `${labelsPath(workspaceId)}/${bug.id}`, { token: owner.idToken })).status).toBe(204);
    await pushed;
    socket.close();
    expect(pushedTasks.get(both.id)).toEqual([docs.id]);
    expect(pushedTasks.get(onlyBug.id)).toBeUndefined();

    const [firstItems, secondItems] = await Promise.all([api.getProjectWithItems(workspaceId, first.id), api.getProjectWithItems(workspaceId, second.id)]);
    expect(firstItems.tasks.find((task) => task.id === both.id)).toMatchObject({ labelIds: [docs.id], version: 2 });
    expect(firstItems.tasks.find((task) => task.id === unlabelled.id)?.version).toBe(2);
    expect(secondItems.tasks[0]?.labelIds).toBeUndefined();
    const stored = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}` } });
    // The label, its name and the workspace's count of labels (one left).
    expect(stored.filter((item) => String(item.SK).startsWith('LABEL')).map((item) => [item.SK, item.count])).toEqual([
      [`LABEL#${docs.id}`, undefined],
      ['LABELCOUNT', 1],
      ['LABELNAME#docs', undefined],
    ]);
  });

  it('an outsider neither reads nor changes the labels (404)', async () => {
    const owner = await newAccount();
    const outsider = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const label = await createLabel(owner, workspaceId, { name: 'Secret' });
    expect((await callApi(config, 'GET', labelsPath(workspaceId), { token: outsider.idToken })).status).toBe(404);
    expect((await callApi(config, 'DELETE', `${labelsPath(workspaceId)}/${label.id}`, { token: outsider.idToken })).status).toBe(404);
    expect(await labelsOf(owner, workspaceId)).toEqual([label]);
  });
});

describe("a label's count", () => {
  it('goes down by one as a label is deleted, and never below zero for a label stored before the count', async () => {
    const owner = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const [first, second] = [await createLabel(owner, workspaceId, { name: 'First', color: '#EF4444' }), await createLabel(owner, workspaceId, { name: 'Second', color: '#3B82F6' })];
    const countKey = { PK: `WS#${workspaceId}`, SK: 'LABELCOUNT' };
    const count = async () => (await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: countKey, ConsistentRead: true }))).Item?.count as number | undefined;
    expect(await count()).toBe(2);
    expect((await callApi(config, 'DELETE', `${labelsPath(workspaceId)}/${first.id}`, { token: owner.idToken })).status).toBe(204);
    expect(await count()).toBe(1);
    // As before the count existed: the label is deleted, and no count of -1 is written.
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: countKey }));
    expect((await callApi(config, 'DELETE', `${labelsPath(workspaceId)}/${second.id}`, { token: owner.idToken })).status).toBe(204);
    expect(await count()).toBeUndefined();
    expect(await labelsOf(owner, workspaceId)).toEqual([]);
  });
});

describe('deleting a label carried by more tasks than one transaction holds', () => {
  it('takes it off all of them', async () => {
    const { owner, workspaceId, api, project } = await ownerWithProject('Big');
    const label = await createLabel(owner, workspaceId, { name: 'Everywhere' });
    // DynamoDB takes at most 100 items per transaction.
    const count = 101;
    for (let start = 0; start < count; start += 25) {
      const positions = Array.from({ length: Math.min(25, count - start) }, (_, index) => start + index + 1);
      await Promise.all(positions.map((position) => api.createTask(workspaceId, project.id, { title: `Task ${position}`, labelIds: [label.id], position })));
    }
    expect((await callApi(config, 'DELETE', `${labelsPath(workspaceId)}/${label.id}`, { token: owner.idToken })).status).toBe(204);
    const { tasks } = await api.getProjectWithItems(workspaceId, project.id);
    expect(tasks).toHaveLength(count);
    expect(tasks.filter((task) => task.labelIds !== undefined)).toEqual([]);
    expect(await labelsOf(owner, workspaceId)).toEqual([]);
  });
});

describe('searching by label', () => {
  it("finds the tasks carrying a label by the label's name, renamed or not, and no longer once the label is off", async () => {
    const { owner, workspaceId, api, project } = await ownerWithProject('Site');
    const label = await createLabel(owner, workspaceId, { name: 'Frontend polish' });
    const task = await api.createTask(workspaceId, project.id, { title: 'Fix the header', labelIds: [label.id] });
    await api.createTask(workspaceId, project.id, { title: 'Frontend budget' });
    const titlesFound = async (q: string) => {
      const response = await callApi(config, 'GET', `/workspaces/${workspaceId}/search?${new URLSearchParams({ q }).toString()}`, { token: owner.idToken });
      return searchResponse.parse(response.body).results.map((result) => result.title);
    };

    await expect.poll(() => titlesFound('polish'), { timeout: 15_000 }).toEqual(['Fix the header']);
    // A title match ranks above a label match.
    await expect.poll(() => titlesFound('frontend'), { timeout: 15_000 }).toEqual(['Frontend budget', 'Fix the header']);
    expect((await callApi(config, 'PATCH', `${labelsPath(workspaceId)}/${label.id}`, { token: owner.idToken, body: { version: 1, name: 'Styling' } })).status).toBe(200);
    expect(await titlesFound('styl')).toEqual(['Fix the header']);
    expect(await titlesFound('polish')).toEqual([]);

    const path = `/workspaces/${workspaceId}/projects/${project.id}/tasks/${task.id}`;
    expect((await callApi(config, 'PATCH', path, { token: owner.idToken, body: { version: task.version, labelIds: [] } })).status).toBe(200);
    await expect.poll(() => titlesFound('styling'), { timeout: 15_000 }).toEqual([]);
  });
});

describe('the assistant and labels', () => {
  it('sets labels on a task by name (with Undo), refuses one the workspace lacks, and lists the tasks with a label', async () => {
    useTestTable();
    const tools = await import('../../functions/ai/tools.js');
    const { undoAssistantWrite } = await import('../../functions/domain/assistant.js');
    const { owner, workspaceId, api, project } = await ownerWithProject('Apollo');
    const [bug, docs] = await Promise.all([createLabel(owner, workspaceId, { name: 'Bug' }), createLabel(owner, workspaceId, { name: 'Docs' })]);
    const context = { caller: { userId: owner.userId, email: owner.email }, workspaceId, projectId: project.id, today: '2026-01-10' };
    const taskNamed = async (title: string) => (await api.getProjectWithItems(workspaceId, project.id)).tasks.find((task) => task.title === title);

    await tools.runTool(context, 'create_task', { title: 'Write manual', labels: ['docs'] });
    expect((await taskNamed('Write manual'))?.labelIds).toEqual([docs.id]);
    await api.createTask(workspaceId, project.id, { title: 'Fix crash' });
    const updated = await tools.runTool(context, 'update_task', { task: 'Fix crash', labels: ['BUG', 'Docs'] });
    expect(updated.message).toBe('Updated "Fix crash": labels "Bug", "Docs"');
    expect((await taskNamed('Fix crash'))?.labelIds).toEqual([bug.id, docs.id]);
    await expect(tools.runTool(context, 'update_task', { task: 'Fix crash', labels: ['Urgent'] })).rejects.toThrow('No label called "Urgent". The labels are: Bug, Docs.');

    expect((await tools.runTool(context, 'get_task', { task: 'Fix crash' })).result).toMatchObject({ labels: ['Bug', 'Docs'] });
    const listed = await tools.runTool(context, 'list_tasks', { label: 'bug' });
    expect(listed.message).toBe('1 task open labelled Bug');
    await undoAssistantWrite(context.caller, workspaceId, updated.undo?.token ?? '');
    expect((await taskNamed('Fix crash'))?.labelIds).toBeUndefined();
  });
});

describe('a task of an outsider naming labels', () => {
  it('is answered 404, as if the workspace were not there, and nothing is written', async () => {
    const { owner, workspaceId, api, project } = await ownerWithProject('Closed');
    const outsider = await newAccount();
    const label = await createLabel(owner, workspaceId, { name: 'Inside' });
    const path = `/workspaces/${workspaceId}/projects/${project.id}/tasks`;
    for (const labelIds of [[label.id], ['not-a-label']]) {
      const response = await callApi(config, 'POST', path, { token: outsider.idToken, body: { title: 'Sneaky', labelIds } });
      expect(response).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    }
    expect((await api.getProjectWithItems(workspaceId, project.id)).tasks).toEqual([]);
  });
});
