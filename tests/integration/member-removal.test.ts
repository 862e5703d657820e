import { describe, expect, it } from 'vitest';
import { listInvitationsResponse } from '../../shared/schemas/member.js';
import { listWorkspacesResponse } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn } from './helpers.js';
import { config, createTeam } from './member-fixtures.js';

describe('removing a member is final', () => {
  it('an invitation stored before the account was found is used up by Add Member, so it cannot bring a removed member back', async () => {
    const team = await createTeam();
    const api = (method: string, path: string, body?: unknown, token = team.owner.idToken) =>
      callApi(config, method, `/workspaces/${team.workspaceId}${path}`, { token, body });

    // An account that has not opened the app yet has no profile, so inviting it stores an invitation.
    const late = await signUpAndSignIn(config);
    expect((await api('POST', '/invitations', { email: late.email })).body).toMatchObject({ requiresSignup: true });
    // Its profile appears (the app read it) before any workspace listing accepted the invitation.
    const profile = await callApi(config, 'GET', '/profile', { token: late.idToken });
    const userId = (profile.body as { profile: { userId: string } }).profile.userId;
    expect((await api('POST', '/members', { email: late.email })).status).toBe(201);
    const invitations = listInvitationsResponse.parse((await api('GET', '/invitations')).body).invitations;
    expect(invitations.map((invitation) => invitation.email)).not.toContain(late.email.toLowerCase());

    expect((await api('DELETE', `/members/${userId}`)).status).toBe(204);

    const listed = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: late.idToken })).body);
    expect(listed.workspaces.map((workspace) => workspace.id)).not.toContain(team.workspaceId);
    expect((await callApi(config, 'GET', `/workspaces/${team.workspaceId}/projects`, { token: late.idToken })).status).toBe(404);
  });
});
