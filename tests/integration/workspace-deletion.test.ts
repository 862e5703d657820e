import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { listWorkspacesResponse } from '../../shared/schemas/workspace.js';
import { keys } from '../../functions/data/keys.js';
import { callApi } from './helpers.js';
import { config, createTeam, queryTable, subscribe, tableClient, testTable } from './member-fixtures.js';

/** More items than one BatchWrite takes, so the deletion must work in batches. */
const EXTRA_ITEMS = 60;

/** What the assistant keeps of one user in one workspace: a conversation with a message, and an undo record. */
async function assistantHistory(workspaceId: string, userId: string) {
  const conversationId = randomUUID();
  const chat = `CHAT#${workspaceId}#${userId}`;
  await tableClient.send(
    new BatchWriteCommand({
      RequestItems: {
        [testTable.tableName]: [
          { PutRequest: { Item: { PK: chat, SK: `CONV#${conversationId}`, entity: 'Conversation' } } },
          { PutRequest: { Item: { PK: chat, SK: `UNDO#${randomUUID()}`, entity: 'ToolUndo' } } },
          { PutRequest: { Item: { PK: `CONV#${conversationId}`, SK: `MSG#2026-11-24T10:00:00Z#${randomUUID()}`, entity: 'ChatMessage' } } },
        ],
      },
    }),
  );
  const partition = (pk: string) => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } });
  return { left: async () => [...(await partition(chat)), ...(await partition(`CONV#${conversationId}`))] };
}

describe('deleting a workspace', () => {
  it('deletes everything of it, in batches, and leaves nothing readable', async () => {
    const team = await createTeam();
    const { workspaceId, owner, member } = team;
    const api = (method: string, path: string, token: string, body?: unknown) => callApi(config, method, path, { token, body });

    // Something of every kind the workspace holds: a project with a task (in the task index), a pending
    // invitation, subscriptions, team activity.
    const project = await api('POST', `/workspaces/${workspaceId}/projects`, owner.idToken, { name: 'Doomed' });
    expect(project.status).toBe(201);
    const projectId = (project.body as { project: { id: string } }).project.id;
    const task = await api('POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, member.idToken, { title: 'Due', dueDate: '2030-01-01' });
    expect(task.status).toBe(201);
    const invited = `doomed-${randomUUID()}@example.com`;
    expect((await api('POST', `/workspaces/${workspaceId}/invitations`, owner.idToken, { email: invited })).status).toBe(201);
    const sockets = [await subscribe(owner.idToken, workspaceId), await subscribe(member.idToken, workspaceId)];
    for (let start = 0; start < EXTRA_ITEMS; start += 25) {
      const items = Array.from({ length: Math.min(25, EXTRA_ITEMS - start) }, (_, index) => ({
        PutRequest: { Item: { PK: `WS#${workspaceId}`, SK: `FILLER#${start + index}`, entity: 'Filler' } },
      }));
      await tableClient.send(new BatchWriteCommand({ RequestItems: { [testTable.tableName]: items } }));
    }
    const partition = () => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}` } });
    expect((await partition()).length).toBeGreaterThan(EXTRA_ITEMS + 5);
    // Listed for the daily jobs while it exists.
    expect(await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': 'WORKSPACES', ':sk': `WS#${workspaceId}` } })).toHaveLength(1);
    const activity = () => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `FEED#${workspaceId}` } });
    // Written from the stream: wait for the last of it (the task) so none arrives after the deletion.
    await expect.poll(async () => (await activity()).map((event) => event.type), { timeout: 15_000 }).toContain('task_created');
    const taskHistory = () => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `TASKHIST#${workspaceId}` } });
    await expect.poll(async () => (await taskHistory()).map((entry) => entry.kind), { timeout: 15_000 }).toEqual(['created']);

    const chats = [await assistantHistory(workspaceId, owner.userId), await assistantHistory(workspaceId, member.userId)];
    for (const chat of chats) expect(await chat.left()).toHaveLength(3);

    expect((await api('DELETE', `/workspaces/${workspaceId}`, owner.idToken)).status).toBe(204);

    expect(await partition()).toEqual([]);
    for (const chat of chats) expect(await chat.left()).toEqual([]);
    const projectPartition = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `PROJ#${workspaceId}#${projectId}` } });
    expect(projectPartition).toEqual([]);
    const dueTasks = await queryTable({ IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :due', ExpressionAttributeValues: { ':due': `DUE#${workspaceId}` } });
    expect(dueTasks).toEqual([]);
    const subscriptions = await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WSSUB#${workspaceId}` } });
    expect(subscriptions).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(await taskHistory()).toEqual([]);
    const registry = await queryTable({ KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': 'WORKSPACES', ':sk': `WS#${workspaceId}` } });
    expect(registry).toEqual([]);
    for (const user of [owner, member]) {
      const memberships = await queryTable({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :user AND GSI1SK = :workspace',
        ExpressionAttributeValues: { ':user': `USER#${user.userId}`, ':workspace': `WS#${workspaceId}` },
      });
      expect(memberships).toEqual([]);
      const listed = listWorkspacesResponse.parse((await api('GET', '/workspaces', user.idToken)).body);
      expect(listed.workspaces.map((workspace) => workspace.id)).not.toContain(workspaceId);
      expect((await api('GET', `/workspaces/${workspaceId}`, user.idToken)).status).toBe(404);
      expect((await api('GET', `/workspaces/${workspaceId}/projects/${projectId}`, user.idToken)).status).toBe(404);
      expect((await api('GET', `/workspaces/${workspaceId}/members`, user.idToken)).status).toBe(404);
    }
    const invitations = await queryTable({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :email',
      ExpressionAttributeValues: { ':email': `EMAIL#${invited}` },
    });
    expect(invitations).toEqual([]);
    sockets.forEach((socket) => socket.close());
  }, 90_000);

  it('an interrupted deletion keeps the owner able to finish it, and the others are out at once', async () => {
    const { workspaceId, owner, member } = await createTeam();
    const project = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects`, { token: owner.idToken, body: { name: 'Half gone' } });
    expect(project.status).toBe(201);
    // Where a cut-off deletion stops at the earliest: the workspace item and the other members' memberships gone.
    const partition = () => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}` } });
    for (const item of await partition()) {
      const isOwnerMembership = item.SK === `MEMBER#${owner.userId}`;
      if (item.SK === 'META' || (String(item.SK).startsWith('MEMBER#') && !isOwnerMembership)) {
        await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: item.PK, SK: item.SK } }));
      }
    }
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/projects`, { token: member.idToken })).status).toBe(404);

    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}`, { token: owner.idToken })).status).toBe(204);
    expect(await partition()).toEqual([]);
  });

  it('a task the owner adds while the deletion runs is refused or deleted with the rest, never left behind', async () => {
    const { workspaceId, owner } = await createTeam();
    const projectIds: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      const created = await callApi(config, 'POST', `/workspaces/${workspaceId}/projects`, { token: owner.idToken, body: { name } });
      projectIds.push((created.body as { project: { id: string } }).project.id);
    }
    // The owner's membership lasts until the end of the deletion, so their writes pass the membership check
    // meanwhile (another tab, the assistant): each project must refuse children once its sweep begins.
    let deleting = true;
    const writer = async () => {
      for (let round = 0; deleting; round += 1) {
        const projectId = projectIds[round % projectIds.length] as string;
        await callApi(config, 'POST', `/workspaces/${workspaceId}/projects/${projectId}/tasks`, { token: owner.idToken, body: { title: `Late ${round}`, dueDate: '2030-01-01' } });
      }
    };
    const writers = [writer(), writer()];
    const deletion = await callApi(config, 'DELETE', `/workspaces/${workspaceId}`, { token: owner.idToken });
    deleting = false;
    await Promise.all(writers);

    expect(deletion.status).toBe(204);
    for (const projectId of projectIds) {
      expect(await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `PROJ#${workspaceId}#${projectId}` } })).toEqual([]);
    }
    const indexed = await queryTable({ IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :due', ExpressionAttributeValues: { ':due': `DUE#${workspaceId}` } });
    expect(indexed).toEqual([]);
  }, 60_000);

  it('is refused to admins and members, and then nothing is gone', async () => {
    const team = await createTeam();
    for (const user of [team.admin, team.member]) {
      const response = await callApi(config, 'DELETE', `/workspaces/${team.workspaceId}`, { token: user.idToken });
      expect(response).toEqual({ status: 403, body: { error: 'You do not have permission to do this' } });
    }
    const view = await callApi(config, 'GET', `/workspaces/${team.workspaceId}/members`, { token: team.member.idToken });
    expect((view.body as { members: unknown[] }).members).toHaveLength(3);
  });

  it('removing a member, or a member leaving, deletes their assistant history there and nobody else\'s', async () => {
    const { workspaceId, owner, admin, member } = await createTeam();
    const [ownerChat, adminChat, memberChat] = [
      await assistantHistory(workspaceId, owner.userId),
      await assistantHistory(workspaceId, admin.userId),
      await assistantHistory(workspaceId, member.userId),
    ];
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${member.userId}`, { token: owner.idToken })).status).toBe(204);
    expect(await memberChat.left()).toEqual([]);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership`, { token: admin.idToken })).status).toBe(204);
    expect(await adminChat.left()).toEqual([]);
    expect(await ownerChat.left()).toHaveLength(3);
  });

  it('a removal cut off after the membership went is finished by the same call again, which answers 404', async () => {
    const { workspaceId, owner, admin, member } = await createTeam();
    const [adminChat, memberChat] = [await assistantHistory(workspaceId, admin.userId), await assistantHistory(workspaceId, member.userId)];
    const invited = `left-behind-${randomUUID()}@example.com`;
    expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/invitations`, { token: admin.idToken, body: { email: invited } })).status).toBe(201);
    // What a failed clean-up leaves: the memberships gone, everything else still there.
    for (const userId of [admin.userId, member.userId]) {
      await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: keys.membership(workspaceId, userId) }));
    }
    const pending = async () => (await callApi(config, 'GET', `/workspaces/${workspaceId}/invitations`, { token: owner.idToken })).body as { invitations: { email: string }[] };
    expect((await pending()).invitations.map((invitation) => invitation.email)).toContain(invited);

    expect(await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${admin.userId}`, { token: owner.idToken })).toEqual({
      status: 404,
      body: { error: 'Member not found' },
    });
    expect(await adminChat.left()).toEqual([]);
    expect((await pending()).invitations.map((invitation) => invitation.email)).not.toContain(invited);
    // Leaving again finishes it the same way.
    expect(await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership`, { token: member.idToken })).toEqual({
      status: 404,
      body: { error: 'Workspace not found' },
    });
    expect(await memberChat.left()).toEqual([]);
  });
});
