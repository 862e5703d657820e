import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { aMilestone, aNote, aProject, aTask } from '../../shared/testing/project-views.js';
import { queryTable, tableClient, testTable, useTestTable } from './member-fixtures.js';

/**
 * Upgrading a table written by the previous version: its tasks, milestones and notes sat in the workspace
 * partition under PROJECT#<project>#…, and projects had no counts. The data layer runs against the test
 * stack's DynamoDB Local, as in project-data.test.ts.
 */
useTestTable();

describe('upgrading a table of the previous layout', () => {
  it('moves every child into its project partition with the task index, counts each project, and can run again', async () => {
    const workspaceId = randomUUID();
    const projectId = randomUUID();
    const { taskCount: _t, completedTaskCount: _c, milestoneCount: _m, noteCount: _n, ...oldProject } = aProject({ id: projectId, workspaceId });
    const open = aTask({ id: randomUUID(), projectId, dueDate: '2030-01-02' });
    const done = aTask({ id: randomUUID(), projectId, status: 'completed', completed: true, completedAt: '2026-01-02T00:00:00.000Z' });
    const milestone = aMilestone({ id: randomUUID(), projectId });
    const note = aNote({ id: randomUUID(), projectId });
    const old = (kind: string, entity: string, record: { id: string }) => ({ PK: `WS#${workspaceId}`, SK: `PROJECT#${projectId}#${kind}#${record.id}`, entity, ...record });
    await tableClient.send(
      new BatchWriteCommand({
        RequestItems: {
          [testTable.tableName]: [
            { PK: `WS#${workspaceId}`, SK: `PROJECT#${projectId}`, entity: 'Project', ...oldProject },
            old('TASK', 'Task', open),
            old('TASK', 'Task', done),
            old('MILESTONE', 'Milestone', milestone),
            old('NOTE', 'Note', note),
          ].map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );

    const { migrateToProjectPartitions, tableHasCurrentLayout } = await import('../../functions/data/migrations/project-partitions.js');
    const { getProject } = await import('../../functions/data/projects.js');
    const { listProjectItems } = await import('../../functions/data/project-children.js');
    const first = await migrateToProjectPartitions();
    expect(first.moved).toBe(4);
    expect(await tableHasCurrentLayout()).toBe(true);

    const workspacePartition = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}` } });
    expect(workspacePartition.map((item) => item.SK)).toEqual([`PROJECT#${projectId}`]);
    const items = await listProjectItems(workspaceId, projectId);
    expect(items.tasks.map((task) => task.id).sort()).toEqual([open.id, done.id].sort());
    expect(items.milestones).toEqual([milestone]);
    expect(items.notes).toEqual([note]);
    expect(await getProject(workspaceId, projectId)).toMatchObject({ taskCount: 2, completedTaskCount: 1, milestoneCount: 1, noteCount: 1 });
    const dueSoon = await queryTable({ IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :due', ExpressionAttributeValues: { ':due': `DUE#${workspaceId}` } });
    expect(dueSoon.map((item) => item.id)).toEqual([open.id]);

    const notesIndex = { IndexName: 'GSI5', KeyConditionExpression: 'GSI5PK = :notes', ExpressionAttributeValues: { ':notes': `NOTES#${workspaceId}` } };
    expect((await queryTable(notesIndex)).map((item) => item.id)).toEqual([note.id]);

    const again = await migrateToProjectPartitions();
    expect(again.moved).toBe(0);
    expect(await getProject(workspaceId, projectId)).toMatchObject({ taskCount: 2, completedTaskCount: 1 });
  });

  it('indexes the notes of layout 2 (in their project partitions, not yet in the workspace notes index)', async () => {
    const workspaceId = randomUUID();
    const projectId = randomUUID();
    const note = aNote({ id: randomUUID(), projectId });
    await tableClient.send(
      new BatchWriteCommand({
        RequestItems: { [testTable.tableName]: [{ PutRequest: { Item: { PK: `PROJ#${workspaceId}#${projectId}`, SK: `NOTE#${note.id}`, entity: 'Note', workspaceId, ...note } } }] },
      }),
    );
    const { migrateToProjectPartitions } = await import('../../functions/data/migrations/project-partitions.js');
    expect((await migrateToProjectPartitions()).notesIndexed).toBeGreaterThanOrEqual(1);
    const notesIndex = { IndexName: 'GSI5', KeyConditionExpression: 'GSI5PK = :notes', ExpressionAttributeValues: { ':notes': `NOTES#${workspaceId}` } };
    expect(await queryTable(notesIndex)).toEqual([expect.objectContaining({ id: note.id, GSI5SK: `${note.updatedAt}#${note.id}` })]);
    expect((await migrateToProjectPartitions()).notesIndexed).toBe(0);
  });

  it('puts the completed tasks of layout 5 in the due-date index, apart from the open ones (layout 6)', async () => {
    const workspaceId = randomUUID();
    const projectId = randomUUID();
    const done = aTask({ id: randomUUID(), projectId, title: 'Shipped', dueDate: '2026-11-20', completed: true, status: 'completed', completedAt: '2026-11-19T10:00:00.000Z', version: 3 });
    const undated = aTask({ id: randomUUID(), projectId, title: 'Whenever', completed: true, status: 'completed' });
    await tableClient.send(
      new BatchWriteCommand({
        RequestItems: {
          [testTable.tableName]: [done, undated].map((task) => ({ PutRequest: { Item: { PK: `PROJ#${workspaceId}#${projectId}`, SK: `TASK#${task.id}`, entity: 'Task', workspaceId, ...task } } })),
        },
      }),
    );
    const { migrateToProjectPartitions } = await import('../../functions/data/migrations/project-partitions.js');
    expect((await migrateToProjectPartitions()).completionsDated).toBeGreaterThanOrEqual(1);
    const completedByDueDate = { IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :done', ExpressionAttributeValues: { ':done': `DUE_DONE#${workspaceId}` } };
    expect(await queryTable(completedByDueDate)).toEqual([expect.objectContaining({ id: done.id, version: 3, GSI3SK: `2026-11-20#${done.id}` })]);
    expect((await migrateToProjectPartitions()).completionsDated).toBe(0);
  });

  it('gives the Google accounts of layout 6 their place in the index of connections by Google account (layout 7)', async () => {
    const [workspaceId, userId, accountId] = [randomUUID(), randomUUID(), randomUUID()];
    const sealed = { encryptedKey: 'k', iv: 'i', tag: 't', ciphertext: 'c' };
    const stored = { entity: 'GoogleAccount', accountId, workspaceId, userId, email: 'old@example.test', name: 'Old', picture: '', refreshToken: sealed, needsReconnect: false, connectedAt: '2026-01-01T00:00:00.000Z' };
    await tableClient.send(
      new BatchWriteCommand({ RequestItems: { [testTable.tableName]: [{ PutRequest: { Item: { PK: `GCAL#${workspaceId}#${userId}`, SK: `ACCOUNT#${accountId}`, ...stored } } }] } }),
    );
    const { connectionsOfGoogleAccount } = await import('../../functions/data/google-calendar/accounts.js');
    expect(await connectionsOfGoogleAccount(accountId)).toEqual([]);
    const { migrateToProjectPartitions } = await import('../../functions/data/migrations/project-partitions.js');
    expect((await migrateToProjectPartitions()).googleAccountsIndexed).toBeGreaterThanOrEqual(1);
    expect(await connectionsOfGoogleAccount(accountId)).toEqual([{ workspaceId, userId }]);
    expect((await migrateToProjectPartitions()).googleAccountsIndexed).toBe(0);
  });

  it('leaves alone a completed task changed or deleted between the Scan and its update (a live table)', async () => {
    const workspaceId = randomUUID();
    const projectId = randomUUID();
    const edited = aTask({ id: randomUUID(), projectId, dueDate: '2026-11-20', completed: true, status: 'completed', version: 4 });
    const key = (id: string) => ({ PK: `PROJ#${workspaceId}#${projectId}`, SK: `TASK#${id}` });
    await tableClient.send(new BatchWriteCommand({ RequestItems: { [testTable.tableName]: [{ PutRequest: { Item: { ...key(edited.id), entity: 'Task', workspaceId, ...edited } } }] } }));
    const { placeCompletionsByDueDate } = await import('../../functions/data/migrations/project-partitions.js');
    const attributes = { GSI3PK: `DUE_DONE#${workspaceId}`, GSI3SK: `2026-11-20#${edited.id}` };
    const deletedId = randomUUID();
    // Scanned at version 3, edited to 4 since; and one deleted since it was scanned.
    await placeCompletionsByDueDate([
      { key: key(edited.id), version: 3, attributes },
      { key: key(deletedId), version: 1, attributes: { GSI3PK: `DUE_DONE#${workspaceId}`, GSI3SK: `2026-11-20#${deletedId}` } },
    ]);
    const items = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': key(edited.id).PK } });
    expect(items).toEqual([expect.not.objectContaining({ GSI3PK: expect.anything() })]);
    await placeCompletionsByDueDate([{ key: key(edited.id), version: 4, attributes }]);
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': key(edited.id).PK } })).toEqual([
      expect.objectContaining({ id: edited.id, version: 4, ...attributes }),
    ]);
  });

  it('counts the sub-tasks of each parent, the labels (layout 8) and webhooks (layout 9) of each workspace stored before the writes kept counts; drops the swept webhook retries', async () => {
    const [workspaceId, projectId] = [randomUUID(), randomUUID()];
    const parent = aTask({ id: randomUUID(), projectId });
    const children = [aTask({ id: randomUUID(), projectId, parentId: parent.id }), aTask({ id: randomUUID(), projectId, parentId: parent.id })];
    const label = (name: string) => ({ PK: `WS#${workspaceId}`, SK: `LABEL#${name}`, entity: 'Label', id: name, workspaceId, name, color: '#6B7280' });
    const webhookId = randomUUID();
    const at = '2026-01-01T00:00:00.000Z';
    const webhook = { PK: `WS#${workspaceId}`, SK: `WEBHOOK#${webhookId}`, entity: 'Webhook', id: webhookId, workspaceId, url: 'https://example.com/hook', events: ['task.created'], description: '', secret: 'whsec_x', enabled: true, disabledReason: null, failingSince: null, createdAt: at, updatedAt: at };
    await tableClient.send(
      new BatchWriteCommand({
        RequestItems: {
          [testTable.tableName]: [
            ...[parent, ...children].map((task) => ({ PK: `PROJ#${workspaceId}#${projectId}`, SK: `TASK#${task.id}`, entity: 'Task', workspaceId, ...task })),
            label('bug'),
            label('docs'),
            webhook,
            { PK: 'WEBHOOKDELIVERY', SK: `2026-01-01T00:01:00.000Z#msg_x#${webhookId}`, entity: 'WebhookRetry' },
          ].map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
    const { migrateToProjectPartitions } = await import('../../functions/data/migrations/project-partitions.js');
    const first = await migrateToProjectPartitions();
    expect(first.countsKept).toBeGreaterThanOrEqual(3);
    expect(first.webhookRetriesDropped).toBeGreaterThanOrEqual(1);
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'WEBHOOKDELIVERY' } })).toEqual([]);
    const counts = async () => [
      ...(await queryTable({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)', ExpressionAttributeValues: { ':pk': `PROJ#${workspaceId}#${projectId}`, ':s': 'SUBTASKS#' } })),
      ...(await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :s', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':s': 'LABELCOUNT' } })),
      ...(await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :s', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':s': 'WEBHOOKCOUNT' } })),
    ].map((item) => [item.SK, item.count]);
    expect(await counts()).toEqual([
      [`SUBTASKS#${parent.id}`, 2],
      ['LABELCOUNT', 2],
      ['WEBHOOKCOUNT', 1],
    ]);
    expect((await migrateToProjectPartitions()).countsKept).toBe(0);
  });

  it('gives the projects, tasks, notes and links of layout 4 their search entries (layout 5)', async () => {
    const workspaceId = randomUUID();
    const projectId = randomUUID();
    const project = aProject({ id: projectId, workspaceId, name: 'Orchard' });
    const task = aTask({ id: randomUUID(), projectId, title: 'Prune apple trees' });
    const note = aNote({ id: randomUUID(), projectId, title: 'Harvest', content: 'Pears ripen late' });
    const link = { id: randomUUID(), workspaceId, url: 'https://example.com', title: 'Cider press', category: 'Others', description: null, createdBy: 'u', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };
    await tableClient.send(
      new BatchWriteCommand({
        RequestItems: {
          [testTable.tableName]: [
            { PK: `WS#${workspaceId}`, SK: `PROJECT#${projectId}`, entity: 'Project', ...project },
            { PK: `PROJ#${workspaceId}#${projectId}`, SK: `TASK#${task.id}`, entity: 'Task', workspaceId, ...task },
            { PK: `PROJ#${workspaceId}#${projectId}`, SK: `NOTE#${note.id}`, entity: 'Note', workspaceId, ...note },
            { PK: `WS#${workspaceId}`, SK: `LINK#${link.id}`, entity: 'Link', ...link },
          ].map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
    const { migrateToProjectPartitions } = await import('../../functions/data/migrations/project-partitions.js');
    expect((await migrateToProjectPartitions()).searchEntries).toBeGreaterThanOrEqual(9);
    const entries = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `SEARCH#${workspaceId}` } });
    expect(entries.map((entry) => entry.SK)).toEqual(
      [
        `orchard#project#${projectId}`,
        `prune#task#${task.id}`,
        `apple#task#${task.id}`,
        `trees#task#${task.id}`,
        `harvest#note#${note.id}`,
        `pears#note#${note.id}`,
        `ripen#note#${note.id}`,
        `late#note#${note.id}`,
        `cider#link#${link.id}`,
        `press#link#${link.id}`,
      ].sort(),
    );
  });
});
