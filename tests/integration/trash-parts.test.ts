import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './helpers.js';
import { config, createTeam, queryTable, tableClient, testTable, useTestTable } from './member-fixtures.js';

/** A project's Trash entry in parts (issue 37): never overwritten by another deletion, never restored with a part missing. */

type TrashData = typeof import('../../functions/data/trash.js');
let trash: TrashData;

beforeAll(async () => {
  useTestTable();
  trash = await import('../../functions/data/trash.js');
});

/** Tasks big enough to need several parts. */
const bigTasks = (count: number, projectId: string) =>
  Array.from({ length: count }, (_, index) => ({ PK: `PROJ#x#${projectId}`, SK: `TASK#${index}`, entity: 'Task', id: `task-${index}`, description: 'x'.repeat(20_000) }));

const newEntry = (deletedBy: string) => {
  const id = trash.trashEntryId(trash.newTrashBatchId());
  const project = { entity: 'Project', id: `p-${id}`, name: 'Borealis' };
  return { id, project, entry: { id, kind: 'project' as const, itemId: project.id, title: 'Borealis', projectId: project.id, projectName: 'Borealis', deletedBy, deletedAt: new Date().toISOString() } };
};

const partsOf = (workspaceId: string, entryId: string) =>
  queryTable({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :part)', ExpressionAttributeValues: { ':pk': `TRASH#${workspaceId}`, ':part': `PART#${entryId}#` } });
const taskIdsIn = (parts: Record<string, unknown>[]) => parts.flatMap((part) => part.taskIds as string[]);

describe('a project entry in parts', () => {
  it('is kept as written when a retried deletion, reading fewer items, writes it again', async () => {
    const { workspaceId, owner } = await createTeam();
    const { id, project, entry } = newEntry(owner.userId);
    const items = [project, ...bigTasks(60, project.id)];
    expect(await trash.putLargeTrashEntry(workspaceId, entry, items)).toBe('written');
    const before = await partsOf(workspaceId, id);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(await trash.putLargeTrashEntry(workspaceId, entry, items.slice(0, 20))).toBe('kept');
    expect(taskIdsIn(await partsOf(workspaceId, id))).toEqual(taskIdsIn(before));
    expect((await trash.readTrashEntry(workspaceId, id))?.items).toHaveLength(61);
  });

  it('is not overwritten by a concurrent deletion while the first writes it; parts a failed one left long ago are written over', async () => {
    const { workspaceId, owner } = await createTeam();
    const { id, project, entry } = newEntry(owner.userId);
    const items = [project, ...bigTasks(60, project.id)];
    // The first deletion wrote its parts and not yet its entry.
    const [, ...firstParts] = trash.trashPuts(workspaceId, entry, items);
    for (const part of firstParts) await tableClient.send(new PutCommand({ TableName: testTable.tableName, Item: part.Put?.Item }));
    const written = taskIdsIn(await partsOf(workspaceId, id));
    expect(await trash.putLargeTrashEntry(workspaceId, entry, items.slice(0, 30))).toBe('busy');
    expect(taskIdsIn(await partsOf(workspaceId, id))).toEqual(written);
    expect(await trash.readTrashEntry(workspaceId, id)).toBeUndefined();

    // Parts of a deletion that failed 30 minutes ago: a retry writes its own entry whole.
    const stale = firstParts.map((part) => ({ ...part.Put?.Item, expiresAt: Number(part.Put?.Item?.expiresAt) - 30 * 60 }));
    for (const Item of stale) await tableClient.send(new PutCommand({ TableName: testTable.tableName, Item }));
    const fewer = items.slice(0, 30);
    expect(await trash.putLargeTrashEntry(workspaceId, entry, fewer)).toBe('written');
    const contents = await trash.readTrashEntry(workspaceId, id);
    expect(contents?.complete).toBe(true);
    expect(contents?.items.map((item) => item.id)).toEqual(fewer.map((item) => item.id));
  });

  it('answers 409 to a Restore when a part is missing, and changes nothing', async () => {
    const { workspaceId, owner } = await createTeam();
    const { id, project, entry } = newEntry(owner.userId);
    expect(await trash.putLargeTrashEntry(workspaceId, entry, [project, ...bigTasks(60, project.id)])).toBe('written');
    const [part] = await partsOf(workspaceId, id);
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: part?.PK, SK: part?.SK } }));
    const response = await callApi(config, 'POST', `/workspaces/${workspaceId}/trash/${id}/restore`, { token: owner.idToken, body: {} });
    expect(response).toMatchObject({ status: 409, body: { error: 'This item cannot be restored: part of it is missing' } });
    const [head] = await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `TRASH#${workspaceId}`, ':sk': `ENTRY#${id}` } });
    expect(head).not.toHaveProperty('restoring');
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${project.id}`, { token: owner.idToken })).status).toBe(404);
  });
  it('puts nothing back into a workspace whose deletion began: 409, the entry kept', async () => {
    const { workspaceId, owner } = await createTeam();
    const { id, project, entry } = newEntry(owner.userId);
    const tasks = bigTasks(3, project.id).map((task) => ({ ...task, PK: `PROJ#${workspaceId}#${project.id}` }));
    const stored = { ...project, PK: `WS#${workspaceId}`, SK: `PROJECT#${project.id}` };
    expect(await trash.putLargeTrashEntry(workspaceId, entry, [stored, ...tasks])).toBe('written');
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: `WS#${workspaceId}`, SK: 'META' } }));
    const response = await callApi(config, 'POST', `/workspaces/${workspaceId}/trash/${id}/restore`, { token: owner.idToken, body: {} });
    expect(response).toMatchObject({ status: 409, body: { error: 'The workspace is being deleted' } });
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `PROJ#${workspaceId}#${project.id}` } })).toEqual([]);
    expect(await trash.readTrashEntry(workspaceId, id)).toBeDefined();
  });
});

describe('an entry or part the TTL removes', () => {
  it("spares the comments of its tasks still where they lived, and of its project still there (a deletion that failed before its entry); deletes the others'", async () => {
    const t = await createTeam();
    const { projectApi } = await import('./project-fixtures.js');
    const { childItem } = await import('../../functions/data/project-children.js');
    const { decodeImages } = await import('../../functions/data/stream-changes.js');
    const { purgeTrashed } = await import('../../functions/domain/trash.js');
    const api = projectApi(config, t.owner);
    const project = await api.createProject(t.workspaceId, { name: 'Borealis' });
    const live = await api.createTask(t.workspaceId, project.id, { title: 'Still here' });
    const gone = await api.createTask(t.workspaceId, project.id, { title: 'Gone' });
    const base = `/workspaces/${t.workspaceId}/projects/${project.id}`;
    for (const path of [`${base}/tasks/${live.id}/comments`, `${base}/tasks/${gone.id}/comments`, `${base}/comments`]) {
      expect((await callApi(config, 'POST', path, { token: t.owner.idToken, body: { body: 'Keep me?' } })).status).toBe(201);
    }
    const goneItem = childItem('task', t.workspaceId, gone);
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: goneItem.PK, SK: goneItem.SK } }));

    // The project's entry as a deletion that failed wrote it, expired 30 days on: its project and one task are still there.
    const { entry } = newEntry(t.owner.userId);
    const [head] = trash.trashPuts(t.workspaceId, { ...entry, itemId: project.id, projectId: project.id }, [{ entity: 'Project', id: project.id }, childItem('task', t.workspaceId, live), goneItem]);
    const change = decodeImages(head?.Put?.Item, undefined, true);
    const purge = change && trash.trashPurgeOf(change);
    expect(purge).toMatchObject({ taskIds: [live.id, gone.id], projectId: project.id });
    if (purge) await purgeTrashed(purge);

    const comments = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `COMMENT#${t.workspaceId}` } });
    expect(comments.map((comment) => comment.taskId ?? 'project').sort()).toEqual([live.id, 'project'].sort());
  });
});
