import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitationResultResponse, listInvitationsResponse, listMembersResponse } from '../../shared/schemas/member.js';
import { listWorkspacesResponse, workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn } from './helpers.js';
import { config, createTeam, mailsTo, newAccount, type Team } from './member-fixtures.js';

const invite = (team: Team, body: unknown, token = team.owner.idToken) =>
  callApi(config, 'POST', `/workspaces/${team.workspaceId}/invitations`, { token, body });

const workspaceIdsOf = async (token: string): Promise<string[]> =>
  listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token })).body).workspaces.map((w) => w.id);

describe('invitations', () => {
  let team: Team;
  let workspaceName: string;
  beforeAll(async () => {
    team = await createTeam();
    await callApi(config, 'PATCH', '/profile', { token: team.owner.idToken, body: { displayName: 'Olivia Owner' } });
    const workspace = await callApi(config, 'GET', `/workspaces/${team.workspaceId}`, { token: team.owner.idToken });
    workspaceName = workspaceResponse.parse(workspace.body).workspace.name;
  });

  it('adds an existing account at once and tells them by mail', async () => {
    const existing = await newAccount();
    const response = await invite(team, { email: existing.email, role: 'admin', workspaceId: team.workspaceId });

    expect(response.status).toBe(201);
    const result = invitationResultResponse.parse(response.body);
    expect(result).toMatchObject({ requiresSignup: false, mailed: true, member: { userId: existing.userId, role: 'admin' } });
    expect(await workspaceIdsOf(existing.idToken)).toContain(team.workspaceId);
    const [mail] = await mailsTo(existing.email);
    expect(mail?.subject).toBe('You were added to a workspace on TaskFlow');
    expect(mail?.text).toContain(`Olivia Owner added you to the workspace "${workspaceName}" on TaskFlow.`);
    expect(mail?.text).toContain('Open TaskFlow: http://localhost:');
  });

  it('adds an existing account who turned notification mails off without mailing them, and says so', async () => {
    const quiet = await newAccount();
    const off = await callApi(config, 'PATCH', '/profile', { token: quiet.idToken, body: { notificationPreferences: { email: false, dueDates: true } } });
    expect(off.status).toBe(200);
    const response = await invite(team, { email: quiet.email, role: 'member' });
    expect(response.status).toBe(201);
    expect(invitationResultResponse.parse(response.body)).toMatchObject({ requiresSignup: false, mailed: false, member: { userId: quiet.userId } });
    expect(await workspaceIdsOf(quiet.idToken)).toContain(team.workspaceId);
    expect(await mailsTo(quiet.email)).toEqual([]);
  });

  it('stores an invitation for a new address; signing up with it and opening the app joins the workspace', async () => {
    const address = `new-${randomUUID()}@example.com`;
    const response = await invite(team, { email: `  ${address.toUpperCase()} `, role: 'member' });

    expect(response.status).toBe(201);
    expect(invitationResultResponse.parse(response.body)).toMatchObject({
      requiresSignup: true,
      invitation: { email: address, role: 'member', invitedBy: team.owner.userId },
    });
    const pending = listInvitationsResponse.parse(
      (await callApi(config, 'GET', `/workspaces/${team.workspaceId}/invitations`, { token: team.admin.idToken })).body,
    );
    expect(pending.invitations.map((invitation) => invitation.email)).toContain(address);
    const [mail] = await mailsTo(address);
    expect(mail?.subject).toBe('You are invited to a workspace on TaskFlow');
    expect(mail?.text).toMatch(/Create your account: http:\/\/localhost:\d+\/auth\/register/);

    const invitee = await signUpAndSignIn(config, address);
    expect(await workspaceIdsOf(invitee.idToken)).toContain(team.workspaceId);
    // Listing again changes nothing: the invitation became exactly one membership.
    expect((await workspaceIdsOf(invitee.idToken)).filter((id) => id === team.workspaceId)).toHaveLength(1);
    // Addresses are for owners and admins only.
    const members = listMembersResponse.parse(
      (await callApi(config, 'GET', `/workspaces/${team.workspaceId}/members`, { token: team.owner.idToken })).body,
    ).members;
    expect(members.filter((member) => member.email === address)).toEqual([expect.objectContaining({ role: 'member' })]);
    const after = listInvitationsResponse.parse(
      (await callApi(config, 'GET', `/workspaces/${team.workspaceId}/invitations`, { token: team.owner.idToken })).body,
    );
    expect(after.invitations.map((invitation) => invitation.email)).not.toContain(address);
  });

  it('writes mail from its own data, never from the names the client sends', async () => {
    const address = `names-${randomUUID()}@example.com`;
    const response = await invite(team, { email: address, workspaceName: '<b>Free prizes</b>', inviterName: 'Your bank' });
    expect(response.status).toBe(201);
    const [mail] = await mailsTo(address);
    expect(mail?.subject).toBe('You are invited to a workspace on TaskFlow');
    expect(`${mail?.text ?? ''}${mail?.html ?? ''}`).not.toMatch(/Free prizes|Your bank/);
  });

  it('a revoked invitation does not join the workspace', async () => {
    const address = `revoked-${randomUUID()}@example.com`;
    expect((await invite(team, { email: address })).status).toBe(201);
    const path = `/workspaces/${team.workspaceId}/invitations/${encodeURIComponent(address)}`;
    expect((await callApi(config, 'DELETE', path, { token: team.admin.idToken })).status).toBe(204);
    expect(await callApi(config, 'DELETE', path, { token: team.admin.idToken })).toEqual({
      status: 404,
      body: { error: 'Invitation not found' },
    });
    const invitee = await signUpAndSignIn(config, address);
    expect(await workspaceIdsOf(invitee.idToken)).not.toContain(team.workspaceId);
  });

  it('validates the address and the workspace of the body (400 with fields)', async () => {
    const bad = await invite(team, { email: 'not-an-address' });
    expect(bad).toEqual({ status: 400, body: { error: expect.any(String), fields: [{ field: 'email', message: 'Enter a valid email address' }] } });
    const missing = await invite(team, {});
    expect(missing.body).toMatchObject({ fields: [{ field: 'email', message: 'Email is required' }] });
    const otherWorkspace = await invite(team, { email: 'a@example.com', workspaceId: 'another' });
    expect(otherWorkspace).toMatchObject({ status: 400, body: { fields: [{ field: 'workspaceId' }] } });
  });

  it('Add Member needs an existing account and refuses existing members', async () => {
    const path = `/workspaces/${team.workspaceId}/members`;
    const unknown = await callApi(config, 'POST', path, { token: team.owner.idToken, body: { email: `nobody-${randomUUID()}@example.com` } });
    expect(unknown).toEqual({ status: 404, body: { error: 'No account uses this email address yet. Send an invitation instead.' } });
    const again = await callApi(config, 'POST', path, { token: team.owner.idToken, body: { email: team.member.email } });
    expect(again).toEqual({ status: 409, body: { error: 'This person is already a member of this workspace' } });
  });
});
