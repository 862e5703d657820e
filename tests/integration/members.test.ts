import { beforeAll, describe, expect, it } from 'vitest';
import { listInvitationsResponse, listMembersResponse, memberResponse } from '../../shared/schemas/member.js';
import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { listWorkspacesResponse } from '../../shared/schemas/workspace.js';
import { callApi, type ApiResponse } from './helpers.js';
import {
  accountOf,
  addMember,
  config,
  createTeam,
  createWorkspace,
  newAccount,
  queryTable,
  subscribe,
  type Team,
} from './member-fixtures.js';

interface Action {
  /** Builds whatever the action needs (a fresh target), then calls the route as `role`. */
  run(team: Team, role: WorkspaceRole): Promise<ApiResponse>;
  /** The status when allowed; any role not listed must get 403. */
  allowed: Partial<Record<WorkspaceRole, number>>;
  /** The 403's message when it is not the generic one. */
  refusal?: string;
}

const call = (team: Team, role: WorkspaceRole, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
  callApi(config, method, `/workspaces/${team.workspaceId}${path}`, { token: accountOf(team, role).idToken, body });

async function freshMember(team: Team): Promise<string> {
  const target = await newAccount();
  await addMember(team.owner, team.workspaceId, target);
  return target.userId;
}

/** Role × action → allowed (with its status) or 403, for every route of the members contract. */
const actions: Record<string, Action> = {
  ListMembers: { run: (team, role) => call(team, role, 'GET', '/members'), allowed: { owner: 200, admin: 200, member: 200 } },
  AddMember: {
    run: async (team, role) => call(team, role, 'POST', '/members', { email: (await newAccount()).email }),
    allowed: { owner: 201, admin: 201 },
  },
  UpdateMemberRole: {
    run: async (team, role) => call(team, role, 'PATCH', `/members/${await freshMember(team)}`, { role: 'admin' }),
    allowed: { owner: 200, admin: 200 },
  },
  RemoveMember: {
    run: async (team, role) => call(team, role, 'DELETE', `/members/${await freshMember(team)}`),
    allowed: { owner: 204, admin: 204 },
  },
  ListInvitations: { run: (team, role) => call(team, role, 'GET', '/invitations'), allowed: { owner: 200, admin: 200 } },
  SendInvitation: {
    run: (team, role) => call(team, role, 'POST', '/invitations', { email: `invitee-${role}-${Date.now()}@example.com` }),
    allowed: { owner: 201, admin: 201 },
  },
  RevokeInvitation: {
    run: async (team, role) => {
      const email = `revoke-${role}-${Date.now()}@example.com`;
      expect((await call(team, 'owner', 'POST', '/invitations', { email })).status).toBe(201);
      return call(team, role, 'DELETE', `/invitations/${encodeURIComponent(email)}`);
    },
    allowed: { owner: 204, admin: 204 },
  },
  DeleteWorkspace: {
    // A workspace of its own per case, so an allowed deletion does not take the team's away.
    run: async (team, role) => {
      const workspaceId = await createWorkspace(team.owner);
      await addMember(team.owner, workspaceId, team.admin, 'admin');
      await addMember(team.owner, workspaceId, team.member, 'member');
      return callApi(config, 'DELETE', `/workspaces/${workspaceId}`, { token: accountOf(team, role).idToken });
    },
    allowed: { owner: 204 },
  },
  LeaveWorkspace: {
    // A workspace of its own per case, so a member leaving does not leave the team's.
    run: async (team, role) => {
      const workspaceId = await createWorkspace(team.owner);
      await addMember(team.owner, workspaceId, team.admin, 'admin');
      await addMember(team.owner, workspaceId, team.member, 'member');
      return callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership`, { token: accountOf(team, role).idToken });
    },
    allowed: { admin: 204, member: 204 },
    refusal: 'The owner cannot leave the workspace; delete it instead',
  },
  AcknowledgeMembershipNotice: {
    run: (team, role) => call(team, role, 'DELETE', '/membership/notice'),
    allowed: { owner: 204, admin: 204, member: 204 },
  },
};

const roles: WorkspaceRole[] = ['owner', 'admin', 'member'];
const cases = Object.entries(actions).flatMap(([name, action]) =>
  roles.map((role) => [name, role, action.allowed[role] ?? 403, action] as const),
);
const GENERIC_REFUSAL = 'You do not have permission to do this';

describe('members and roles, enforced on the server', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam();
  });

  it.each(cases)('%s as %s → %i', async (_name, role, expected, action) => {
    const response = await action.run(team, role);
    expect(response.status).toBe(expected);
    if (expected === 403) expect(response.body).toEqual({ error: action.refusal ?? GENERIC_REFUSAL });
  });

  it('lists members owner first, then by join date, with display names from profiles', async () => {
    await callApi(config, 'PATCH', '/profile', { token: team.admin.idToken, body: { displayName: 'Ada Admin' } });
    const listed = listMembersResponse.parse((await call(team, 'admin', 'GET', '/members')).body).members;
    expect(listed[0]).toMatchObject({ userId: team.owner.userId, role: 'owner', email: team.owner.email });
    expect(listed[0]?.displayName).toBe(team.owner.email.split('@')[0]);
    expect(listed.find((member) => member.userId === team.admin.userId)).toMatchObject({ displayName: 'Ada Admin', role: 'admin' });
    const joined = listed.slice(1).map((member) => member.createdAt);
    expect(joined).toEqual([...joined].sort());
  });

  it('shows e-mail addresses to owners and admins only: members see names', async () => {
    const asRole = async (role: WorkspaceRole) => listMembersResponse.parse((await call(team, role, 'GET', '/members')).body).members;
    for (const role of ['owner', 'admin'] as const) {
      expect((await asRole(role)).find((member) => member.userId === team.member.userId)?.email).toBe(team.member.email);
    }
    const seenByMember = await asRole('member');
    expect(seenByMember.map((member) => member.displayName)).toContain(team.owner.email.split('@')[0]);
    expect(seenByMember.every((member) => member.email === undefined)).toBe(true);
    const raw = await call(team, 'member', 'GET', '/members');
    expect(JSON.stringify(raw.body)).not.toContain('@');
    const dashboard = await call(team, 'member', 'GET', '/dashboard');
    expect(dashboard.status).toBe(200);
    expect(JSON.stringify(dashboard.body)).not.toContain(team.owner.email);
    expect(JSON.stringify((await call(team, 'admin', 'GET', '/dashboard')).body)).toContain(team.owner.email);
  });

  it("changes another member's role between member and admin, and back", async () => {
    const target = await freshMember(team);
    const promoted = await call(team, 'admin', 'PATCH', `/members/${target}`, { role: 'admin' });
    expect(memberResponse.parse(promoted.body).member).toMatchObject({ userId: target, role: 'admin' });
    const demoted = await call(team, 'owner', 'PATCH', `/members/${target}`, { role: 'member' });
    expect(memberResponse.parse(demoted.body).member.role).toBe('member');
  });

  it('refuses making anyone owner (400) and unknown members (404)', async () => {
    const target = await freshMember(team);
    const toOwner = await call(team, 'owner', 'PATCH', `/members/${target}`, { role: 'owner' });
    expect(toOwner.status).toBe(400);
    expect(toOwner.body).toMatchObject({ fields: [{ field: 'role', message: 'Role must be member or admin' }] });
    expect((await call(team, 'owner', 'PATCH', '/members/nobody', { role: 'admin' })).status).toBe(404);
    expect((await call(team, 'owner', 'DELETE', '/members/nobody')).status).toBe(404);
  });

  it("nobody changes or removes the owner, and nobody changes their own role or removes themselves", async () => {
    const refusals = [
      await call(team, 'admin', 'PATCH', `/members/${team.owner.userId}`, { role: 'member' }),
      await call(team, 'admin', 'DELETE', `/members/${team.owner.userId}`),
      await call(team, 'owner', 'PATCH', `/members/${team.owner.userId}`, { role: 'admin' }),
      await call(team, 'owner', 'DELETE', `/members/${team.owner.userId}`),
      await call(team, 'admin', 'PATCH', `/members/${team.admin.userId}`, { role: 'member' }),
      await call(team, 'admin', 'DELETE', `/members/${team.admin.userId}`),
    ];
    expect(refusals.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refusals[0]?.body).toEqual({ error: 'You cannot change the role of the workspace owner' });
    expect(refusals[4]?.body).toEqual({ error: 'You cannot change the role of yourself' });
    const roleOf = async (userId: string) =>
      listMembersResponse.parse((await call(team, 'owner', 'GET', '/members')).body).members.find((m) => m.userId === userId)?.role;
    expect(await roleOf(team.owner.userId)).toBe('owner');
    expect(await roleOf(team.admin.userId)).toBe('admin');
  });

  it('a removed member loses the workspace and its realtime subscription', async () => {
    const target = await newAccount();
    await addMember(team.owner, team.workspaceId, target);
    const socket = await subscribe(target.idToken, team.workspaceId);
    const subscriptions = () => queryTable({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `WSSUB#${team.workspaceId}` } });
    expect((await subscriptions()).length).toBeGreaterThan(0);

    expect((await call(team, 'admin', 'DELETE', `/members/${target.userId}`)).status).toBe(204);

    expect(await subscriptions()).toEqual([]);
    const ownView = await callApi(config, 'GET', `/workspaces/${team.workspaceId}`, { token: target.idToken });
    expect(ownView.status).toBe(404);
    const listed = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: target.idToken })).body);
    expect(listed.workspaces.map((workspace) => workspace.id)).not.toContain(team.workspaceId);
    socket.close();
  });
});

describe('across two workspaces', () => {
  it('a member (even the owner) of A reads and changes nothing of B', async () => {
    const [a, b] = await Promise.all([createTeam(), createTeam()]);
    const invited = `pending-${Date.now()}@example.com`;
    expect((await callApi(config, 'POST', `/workspaces/${b.workspaceId}/invitations`, { token: b.owner.idToken, body: { email: invited } })).status).toBe(201);
    const snapshot = async () => ({
      members: listMembersResponse.parse((await callApi(config, 'GET', `/workspaces/${b.workspaceId}/members`, { token: b.owner.idToken })).body),
      invitations: listInvitationsResponse.parse((await callApi(config, 'GET', `/workspaces/${b.workspaceId}/invitations`, { token: b.owner.idToken })).body),
    });
    const before = await snapshot();
    const stranger = await newAccount();
    const base = `/workspaces/${b.workspaceId}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', `${base}/members`],
      ['POST', `${base}/members`, { email: stranger.email }],
      ['PATCH', `${base}/members/${b.member.userId}`, { role: 'admin' }],
      ['DELETE', `${base}/members/${b.member.userId}`],
      ['GET', `${base}/invitations`],
      ['POST', `${base}/invitations`, { email: 'someone@example.com' }],
      ['POST', `/workspaces/${a.workspaceId}/invitations`, { email: 'x@example.com', workspaceId: b.workspaceId }],
      ['DELETE', `${base}/invitations/${encodeURIComponent(invited)}`],
      ['DELETE', base],
    ];
    for (const actor of [a.owner, a.admin, a.member]) {
      for (const [method, path, body] of attempts) {
        const response = await callApi(config, method, path, { token: actor.idToken, body });
        // Naming B in the body of A's route is refused as bad input before anything happens.
        const expected = path.startsWith(`/workspaces/${a.workspaceId}`) ? 400 : 404;
        expect(response.status, `${method} ${path}`).toBe(expected);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
