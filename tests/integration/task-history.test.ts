import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskResponse, type TaskView } from '../../shared/schemas/project.js';
import { taskHistoryPage, type HistoryEntryView } from '../../shared/schemas/task-history.js';
import { aTask } from '../../shared/testing/project-views.js';
import { callApi, type TestUser } from './helpers.js';
import { addMember, config, createWorkspace, newAccount, queryTable, useTestTable } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * A task's history (issue 37) through the local HTTP API: written from the table's stream by the activity
 * indexer (the local stack's stream poller runs it), read newest first with the actors and projects named.
 */
useTestTable();

const displayName = async (user: TestUser, name: string) =>
  expect((await callApi(config, 'PATCH', '/profile', { token: user.idToken, body: { displayName: name } })).status).toBe(200);

/** An entry as a line a test can compare: kind, actor and each change. */
const line = (entry: HistoryEntryView) =>
  `${entry.kind} by ${entry.actorName ?? '-'}${entry.changes.map((change) => ` ${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`).join(';')}`;

describe('task history through the local HTTP API', () => {
  it('lists who changed which field from what to what, newest first, across a move to another project, in pages', async () => {
    const [owner, member, outsider] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    await Promise.all([displayName(owner, 'Olga Owner'), displayName(member, 'Mia Member')]);
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, member);
    const api = projectApi(config, owner);
    const [apollo, zeus] = [(await api.createProject(workspaceId, { name: 'Apollo' })).id, (await api.createProject(workspaceId, { name: 'Zeus' })).id];
    let task = await api.createTask(workspaceId, apollo, { title: 'Ship', priority: 'low' });
    const edit = async (user: TestUser, body: object): Promise<TaskView> => {
      const response = await callApi(config, 'PATCH', `/workspaces/${workspaceId}/projects/${apollo}/tasks/${task.id}`, { token: user.idToken, body: { version: task.version, ...body } });
      expect(response.status).toBe(200);
      return taskResponse.parse(response.body).task;
    };
    task = await edit(owner, { priority: 'high' });
    task = await edit(owner, { dueDate: '2026-12-01' });
    task = await edit(member, { completed: true });
    const moved = await api.call('POST', `/workspaces/${workspaceId}/tasks/bulk/move`, { tasks: [{ projectId: apollo, taskId: task.id, version: task.version }], projectId: zeus });
    expect(moved.status).toBe(200);

    const historyPath = `/workspaces/${workspaceId}/projects/${zeus}/tasks/${task.id}/history`;
    const read = async (user: TestUser, query = '') => {
      const response = await callApi(config, 'GET', `${historyPath}${query}`, { token: user.idToken });
      expect(response.status).toBe(200);
      return taskHistoryPage.parse(response.body);
    };
    const expected = [
      'moved by Olga Owner projectId: "Apollo" → "Zeus"',
      'changed by Mia Member status: "todo" → "completed"; completed: false → true',
      'changed by Olga Owner dueDate: null → "2026-12-01"',
      'changed by Olga Owner priority: "low" → "high"',
      'created by Olga Owner',
    ];
    // Written from the table's stream: a poll or two away, longer on a machine busy with other tests.
    await expect.poll(async () => (await read(member)).entries.map(line), { timeout: 15_000 }).toEqual(expected);

    const first = await read(owner, '?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const rest = await read(owner, `?limit=3&cursor=${first.nextCursor ?? ''}`);
    expect([...first.entries, ...rest.entries].map(line)).toEqual(expected);

    // A cursor of another task's history is none of this one's; an outsider learns nothing; the old project no longer holds the task.
    const other = await api.createTask(workspaceId, zeus, { title: 'Other' });
    const otherPath = `/workspaces/${workspaceId}/projects/${zeus}/tasks/${other.id}/history?limit=1`;
    await expect.poll(async () => taskHistoryPage.parse((await api.call('GET', otherPath)).body).nextCursor, { timeout: 15_000 }).not.toBeNull();
    expect(await callApi(config, 'GET', historyPath, { token: outsider.idToken })).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
    expect(await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${apollo}/tasks/${task.id}/history`, { token: owner.idToken })).toMatchObject({
      status: 404,
      body: { error: 'Task not found' },
    });
  });

  it('records a redelivered stream batch once, a move as one entry, and a deletion as none', async () => {
    const { decodeImages } = await import('../../functions/data/stream-changes.js');
    const { childItem } = await import('../../functions/data/project-children.js');
    const history = await import('../../functions/data/task-history.js');
    const workspaceId = await createWorkspace(await newAccount());
    const created = childItem('task', workspaceId, aTask({ id: randomUUID(), projectId: 'p1', createdBy: 'ana', priority: 'low' }));
    const edited = { ...created, priority: 'high', version: 2, updatedBy: 'ben', updatedAt: '2026-11-23T10:00:00.000Z' };
    const movedThere = { ...childItem('task', workspaceId, aTask({ id: String(created.id), projectId: 'p2', createdBy: 'ana', priority: 'high', version: 3 })), updatedBy: 'cy', movedFrom: 'p1' };
    const records: [Record<string, unknown> | undefined, Record<string, unknown> | undefined][] = [
      [undefined, created],
      [created, edited],
      [edited, undefined],
      [undefined, movedThere],
    ];
    const batch = records.flatMap(([before, after]) => {
      const change = decodeImages(before, after);
      const entry = change && history.taskHistoryOf(change);
      return entry ? [entry] : [];
    });
    // The batch, then the same batch delivered again.
    await history.putTaskHistory(batch);
    await history.putTaskHistory(batch);

    expect(await history.taskHistoryPage(workspaceId, String(created.id), { limit: 10 })).toEqual({
      nextCursor: null,
      entries: [
        expect.objectContaining({ version: 3, kind: 'moved', actorId: 'cy', changes: [{ field: 'projectId', from: 'p1', to: 'p2' }] }),
        expect.objectContaining({ version: 2, kind: 'changed', actorId: 'ben', changes: [{ field: 'priority', from: 'low', to: 'high' }] }),
        expect.objectContaining({ version: 1, kind: 'created', actorId: 'ana', changes: [] }),
      ],
    });
    // Kept a year: each item expires (TTL) a year after its write.
    const stored = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `TASKHIST#${workspaceId}` } });
    expect(stored).toHaveLength(3);
    const edit = stored.find((item) => item.version === 2);
    expect(edit?.expiresAt).toBe(Math.floor(Date.parse('2026-11-23T10:00:00.000Z') / 1000) + 365 * 24 * 60 * 60);

    // A record read after its workspace was deleted stores nothing (nothing would delete it any more).
    const gone = randomUUID();
    await history.putTaskHistory(batch.map((entry) => ({ ...entry, workspaceId: gone })));
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `TASKHIST#${gone}` } })).toEqual([]);
  });
});
