import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listInvitationsResponse, listMembersResponse } from '../../shared/schemas/member.js';
import { listWorkspacesResponse, type WorkspaceView } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { addMember, config, createTeam, createWorkspace, newAccount, queryTable, subscribe, tableClient, testTable } from './member-fixtures.js';

/** Consent around membership: the "you were added" notice, Leave Workspace, invitation expiry and revocation. */

async function workspacesOf(user: TestUser): Promise<WorkspaceView[]> {
  return listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: user.idToken })).body).workspaces;
}

async function workspaceOf(user: TestUser, workspaceId: string): Promise<WorkspaceView | undefined> {
  return (await workspacesOf(user)).find((workspace) => workspace.id === workspaceId);
}

async function pendingEmails(owner: TestUser, workspaceId: string): Promise<string[]> {
  const listed = await callApi(config, 'GET', `/workspaces/${workspaceId}/invitations`, { token: owner.idToken });
  return listInvitationsResponse.parse(listed.body).invitations.map((invitation) => invitation.email);
}

/** Messages of an open socket from now on, with a wait for the first that matches. */
function messagesOf(socket: WebSocket) {
  const received: { type?: string; workspaceId?: string; changes?: { entity: string; id?: string; deleted?: boolean }[] }[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as (typeof received)[number]));
  return async (matches: (message: (typeof received)[number]) => boolean, timeoutMs = 8000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = received.find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('No matching message');
  };
}

describe('the notice of being added', () => {
  it('tells a person added with Add Member who added them and with which role, until they acknowledge it once', async () => {
    const [owner, added] = await Promise.all([newAccount(), newAccount()]);
    await callApi(config, 'PATCH', '/profile', { token: owner.idToken, body: { displayName: 'Olivia Owner' } });
    const workspaceId = await createWorkspace(owner);
    await addMember(owner, workspaceId, added, 'admin');

    const seen = await workspaceOf(added, workspaceId);
    expect(seen).toMatchObject({ role: 'admin', notice: { addedByName: 'Olivia Owner', addedAt: expect.any(String) } });
    // Listing again does not use it up: only the acknowledgement does.
    expect((await workspaceOf(added, workspaceId))?.notice).toBeDefined();
    expect((await workspaceOf(owner, workspaceId))?.notice).toBeUndefined();

    const acknowledged = await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership/notice`, { token: added.idToken });
    expect(acknowledged.status).toBe(204);
    expect((await workspaceOf(added, workspaceId))?.notice).toBeUndefined();
    // Acknowledging twice is harmless; a non-member has nothing to acknowledge.
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership/notice`, { token: added.idToken })).status).toBe(204);
    const outsider = await newAccount();
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership/notice`, { token: outsider.idToken })).status).toBe(404);
  });

  it('comes with an invitation to an existing account, and with one waiting at sign-up', async () => {
    const [owner, existing] = await Promise.all([newAccount(), newAccount()]);
    const workspaceId = await createWorkspace(owner);
    const ownerName = owner.email.split('@')[0];
    const invite = (email: string) =>
      callApi(config, 'POST', `/workspaces/${workspaceId}/invitations`, { token: owner.idToken, body: { email, role: 'member' } });

    expect((await invite(existing.email)).status).toBe(201);
    expect((await workspaceOf(existing, workspaceId))?.notice).toMatchObject({ addedByName: ownerName });

    const email = `later-${randomUUID()}@example.com`;
    expect((await invite(email)).status).toBe(201);
    const newcomer = await signUpAndSignIn(config, email);
    const joined = await workspacesOf(newcomer);
    expect(joined).toEqual([expect.objectContaining({ id: workspaceId, role: 'member', notice: expect.objectContaining({ addedByName: ownerName }) })]);
  });
});

describe('Leave Workspace', () => {
  it('lets a member leave: gone from their list, pushed to the others, their subscription dropped', async () => {
    const team = await createTeam();
    const ownerSocket = await subscribe(team.owner.idToken, team.workspaceId);
    const ownerMessages = messagesOf(ownerSocket);
    const memberSocket = await subscribe(team.member.idToken, team.workspaceId);
    const memberMessages = messagesOf(memberSocket);
    const subscribers = async () =>
      (await queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WSSUB#${team.workspaceId}` } })).map(
        (item) => item.userId,
      );
    expect(await subscribers()).toContain(team.member.userId);

    const left = await callApi(config, 'DELETE', `/workspaces/${team.workspaceId}/membership`, { token: team.member.idToken });
    expect(left.status).toBe(204);

    expect(await subscribers()).not.toContain(team.member.userId);
    expect((await workspacesOf(team.member)).map((workspace) => workspace.id)).not.toContain(team.workspaceId);
    expect((await callApi(config, 'GET', `/workspaces/${team.workspaceId}/projects`, { token: team.member.idToken })).status).toBe(404);
    const members = listMembersResponse.parse((await callApi(config, 'GET', `/workspaces/${team.workspaceId}/members`, { token: team.owner.idToken })).body);
    expect(members.members.map((member) => member.userId)).not.toContain(team.member.userId);

    const pushed = await ownerMessages(
      (message) =>
        message.type === 'workspace.changed' &&
        (message.changes ?? []).some((change) => change.entity === 'member' && change.id === team.member.userId && change.deleted === true),
    );
    expect(pushed.workspaceId).toBe(team.workspaceId);
    // Their own list changed (their other tabs learn it), but nothing of the workspace reaches them any more.
    await memberMessages((message) => message.type === 'workspaces.changed');
    await callApi(config, 'POST', `/workspaces/${team.workspaceId}/projects`, { token: team.owner.idToken, body: { name: 'After leaving' } });
    await ownerMessages((message) => message.type === 'workspace.changed' && (message.changes ?? []).some((change) => change.entity === 'project'));
    await expect(memberMessages((message) => message.type === 'workspace.changed' && (message.changes ?? []).some((change) => change.entity === 'project'), 1500)).rejects.toThrow(
      'No matching message',
    );
    ownerSocket.close();
    memberSocket.close();
  }, 30_000);

  it('refuses the owner (403), and a non-member gets 404', async () => {
    const team = await createTeam();
    const refused = await callApi(config, 'DELETE', `/workspaces/${team.workspaceId}/membership`, { token: team.owner.idToken });
    expect(refused).toEqual({ status: 403, body: { error: 'The owner cannot leave the workspace; delete it instead' } });
    expect((await workspaceOf(team.owner, team.workspaceId))?.role).toBe('owner');
    const outsider = await newAccount();
    expect((await callApi(config, 'DELETE', `/workspaces/${team.workspaceId}/membership`, { token: outsider.idToken })).status).toBe(404);
  });
});

describe("an admin's invitations go with them", () => {
  it('revokes the pending invitations an admin sent when they are removed, and when they leave', async () => {
    const team = await createTeam();
    const secondAdmin = await newAccount();
    await addMember(team.owner, team.workspaceId, secondAdmin, 'admin');
    const invite = (actor: TestUser, email: string) =>
      callApi(config, 'POST', `/workspaces/${team.workspaceId}/invitations`, { token: actor.idToken, body: { email } });
    const [byAdmin, bySecond, byOwner] = ['admin', 'second', 'owner'].map((who) => `${who}-${randomUUID()}@example.com`);
    expect((await invite(team.admin, byAdmin as string)).status).toBe(201);
    expect((await invite(secondAdmin, bySecond as string)).status).toBe(201);
    expect((await invite(team.owner, byOwner as string)).status).toBe(201);

    expect((await callApi(config, 'DELETE', `/workspaces/${team.workspaceId}/members/${team.admin.userId}`, { token: team.owner.idToken })).status).toBe(204);
    expect(await pendingEmails(team.owner, team.workspaceId)).toEqual(expect.arrayContaining([bySecond, byOwner]));
    expect(await pendingEmails(team.owner, team.workspaceId)).not.toContain(byAdmin);

    expect((await callApi(config, 'DELETE', `/workspaces/${team.workspaceId}/membership`, { token: secondAdmin.idToken })).status).toBe(204);
    expect(await pendingEmails(team.owner, team.workspaceId)).toEqual([byOwner]);
    // The revoked address signs up later and joins nothing.
    const late = await signUpAndSignIn(config, byAdmin);
    expect(await workspacesOf(late)).toEqual([]);
  });

  it('revokes the pending invitations an admin sent when they are made a member, and only theirs', async () => {
    const team = await createTeam();
    const invite = (actor: TestUser, email: string) =>
      callApi(config, 'POST', `/workspaces/${team.workspaceId}/invitations`, { token: actor.idToken, body: { email, role: 'admin' } });
    const [byAdmin, byOwner] = ['admin', 'owner'].map((who) => `${who}-${randomUUID()}@example.com`);
    expect((await invite(team.admin, byAdmin as string)).status).toBe(201);
    expect((await invite(team.owner, byOwner as string)).status).toBe(201);
    const setRole = (role: 'member' | 'admin') =>
      callApi(config, 'PATCH', `/workspaces/${team.workspaceId}/members/${team.admin.userId}`, { token: team.owner.idToken, body: { role } });

    expect((await setRole('member')).status).toBe(200);
    expect(await pendingEmails(team.owner, team.workspaceId)).toEqual([byOwner]);
    // Made admin again, they get nothing back: the revoked address signs up later and joins nothing.
    expect((await setRole('admin')).status).toBe(200);
    expect(await pendingEmails(team.owner, team.workspaceId)).toEqual([byOwner]);
    const late = await signUpAndSignIn(config, byAdmin);
    expect(await workspacesOf(late)).toEqual([]);
  });
});

describe('invitation expiry', () => {
  it('shows when each invitation expires (14 days), and ignores an expired one the TTL has not swept yet', async () => {
    const owner = await newAccount();
    const workspaceId = await createWorkspace(owner);
    const email = `fresh-${randomUUID()}@example.com`;
    const sent = await callApi(config, 'POST', `/workspaces/${workspaceId}/invitations`, { token: owner.idToken, body: { email } });
    expect(sent.status).toBe(201);
    const [listed] = listInvitationsResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/invitations`, { token: owner.idToken })).body).invitations;
    // The TTL attribute holds whole seconds.
    const lifetime = Date.parse(listed?.expiresAt ?? '') - Date.parse(listed?.createdAt ?? '');
    expect(Math.abs(lifetime - 14 * 24 * 60 * 60 * 1000)).toBeLessThan(1000);
    const [stored] = await queryTable({
      KeyConditionExpression: 'PK = :pk AND SK = :sk',
      ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':sk': `INVITE#${email}` },
    });
    expect(stored?.expiresAt).toBe(Date.parse(listed?.expiresAt ?? '') / 1000);

    // An invitation of 15 days ago, still stored: the table's TTL deletes lazily.
    const expiredEmail = `expired-${randomUUID()}@example.com`;
    const createdAt = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000).toISOString();
    await tableClient.send(
      new PutCommand({
        TableName: testTable.tableName,
        Item: {
          ...(stored ?? {}),
          SK: `INVITE#${expiredEmail}`,
          GSI2PK: `EMAIL#${expiredEmail}`,
          email: expiredEmail,
          createdAt,
          expiresAt: Math.floor(Date.parse(createdAt) / 1000) + 14 * 24 * 60 * 60,
        },
      }),
    );
    expect(await pendingEmails(owner, workspaceId)).toEqual([email]);
    const late = await signUpAndSignIn(config, expiredEmail);
    expect(await workspacesOf(late)).toEqual([]);
  });
});
