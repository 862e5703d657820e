import { beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD, WRONG_PASSWORD_OR_CODE } from '../../shared/schemas/profile.js';
import { listWorkspacesResponse, OWN_TWO_FACTOR_FIRST, TWO_FACTOR_REQUIRED, workspaceResponse } from '../../shared/schemas/workspace.js';
import { totpCode } from '../support/totp.js';
import { callApi, TEST_PASSWORD as PASSWORD, turnOnTwoFactor, type TestUser } from './helpers.js';
import { config, createTeam, newAccount, subscribe, type Team } from './member-fixtures.js';

/** A six-digit code that is not the one the app shows now. */
const wrongCode = (secret: string) => (totpCode(secret) === '123456' ? '654321' : '123456');

const checkSignIn = (user: TestUser, body: unknown) => callApi(config, 'POST', '/profile/sign-in-check', { token: user.idToken, body });

describe('CheckSignIn: whether a password (and a code) sign the caller in, asked of the user pool by the API', () => {
  it('answers 204 for the right password and a 400 on the password field for a wrong one, without a token 401', async () => {
    const user = await newAccount();
    expect((await checkSignIn(user, { password: PASSWORD })).status).toBe(204);
    expect(await checkSignIn(user, { password: 'Wrong-horse-9' })).toEqual({
      status: 400,
      body: { error: WRONG_CURRENT_PASSWORD, fields: [{ field: 'password', message: WRONG_CURRENT_PASSWORD }] },
    });
    expect((await checkSignIn(user, {})).status).toBe(400);
    expect((await checkSignIn(user, { password: PASSWORD, code: '12ab56' })).body).toMatchObject({ fields: [{ field: 'code', message: 'code must be six digits' }] });
    expect((await callApi(config, 'POST', '/profile/sign-in-check', { body: { password: PASSWORD } })).status).toBe(401);
  });

  it('with two-factor sign-in on, needs the password and the current code together; a code without it on is refused', async () => {
    const user = await newAccount();
    const refusedCode = { status: 400, body: { error: WRONG_PASSWORD_OR_CODE, fields: [{ field: 'code', message: WRONG_PASSWORD_OR_CODE }] } };
    expect(await checkSignIn(user, { password: PASSWORD, code: '123456' })).toEqual(refusedCode);

    const secret = await turnOnTwoFactor(config, user);
    // The password alone still passes the password check (Change Password asks no code).
    expect((await checkSignIn(user, { password: PASSWORD })).status).toBe(204);
    expect(await checkSignIn(user, { password: PASSWORD, code: wrongCode(secret) })).toEqual(refusedCode);
    expect(await checkSignIn(user, { password: 'Wrong-horse-9', code: totpCode(secret) })).toEqual(refusedCode);
    expect((await checkSignIn(user, { password: PASSWORD, code: totpCode(secret) })).status).toBe(204);
  });
});

describe('a workspace that requires two-factor sign-in of its owners and admins', () => {
  let team: Team;
  const projectsOf = (user: TestUser) => callApi(config, 'GET', `/workspaces/${team.workspaceId}/projects`, { token: user.idToken });
  const setRequirement = (user: TestUser, requireTwoFactor: boolean) =>
    callApi(config, 'PATCH', `/workspaces/${team.workspaceId}`, { token: user.idToken, body: { requireTwoFactor } });
  const listedView = async (user: TestUser) =>
    listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: user.idToken })).body).workspaces.find((workspace) => workspace.id === team.workspaceId);

  beforeAll(async () => {
    team = await createTeam();
  });

  it('is switched on by the owner only, and only once the owner signs in with two factors', async () => {
    expect(await setRequirement(team.owner, true)).toEqual({
      status: 400,
      body: { error: OWN_TWO_FACTOR_FIRST, fields: [{ field: 'requireTwoFactor', message: OWN_TWO_FACTOR_FIRST }] },
    });
    expect((await setRequirement(team.admin, true)).status).toBe(403);
    expect((await listedView(team.owner))?.requireTwoFactor).toBe(false);

    await turnOnTwoFactor(config, team.owner);
    const switched = await setRequirement(team.owner, true);
    expect(switched.status).toBe(200);
    expect(workspaceResponse.parse(switched.body).workspace).toMatchObject({ requireTwoFactor: true, twoFactorNeeded: false });
  });

  it('refuses an admin without it on every workspace route (and says so in the listing); members and the owner go on', async () => {
    expect(await projectsOf(team.admin)).toEqual({ status: 403, body: { error: TWO_FACTOR_REQUIRED } });
    expect((await callApi(config, 'GET', `/workspaces/${team.workspaceId}`, { token: team.admin.idToken })).status).toBe(403);
    expect(await listedView(team.admin)).toMatchObject({ role: 'admin', requireTwoFactor: true, twoFactorNeeded: true });

    expect((await projectsOf(team.member)).status).toBe(200);
    expect(await listedView(team.member)).toMatchObject({ requireTwoFactor: true, twoFactorNeeded: false });
    expect((await projectsOf(team.owner)).status).toBe(200);
  });

  it('lets the admin in as soon as they turn it on, and everyone once the owner switches the rule off', async () => {
    await turnOnTwoFactor(config, team.admin);
    expect((await projectsOf(team.admin)).status).toBe(200);
    expect((await listedView(team.admin))?.twoFactorNeeded).toBe(false);

    expect((await setRequirement(team.owner, false)).status).toBe(200);
    const newAdmin = await newAccount();
    const added = await callApi(config, 'POST', `/workspaces/${team.workspaceId}/members`, { token: team.owner.idToken, body: { email: newAdmin.email, role: 'admin' } });
    expect(added.status).toBe(201);
    expect((await projectsOf(newAdmin)).status).toBe(200);
  });
});

describe('the pushes of a workspace that starts requiring two-factor sign-in', () => {
  it('stop for an admin without it who subscribed before, at the next change; the owner with it still hears them', async () => {
    const team = await createTeam();
    await turnOnTwoFactor(config, team.owner);
    const [ownerSocket, adminSocket] = await Promise.all([subscribe(team.owner.idToken, team.workspaceId), subscribe(team.admin.idToken, team.workspaceId)]);
    const heard = (socket: typeof ownerSocket) => {
      const messages: string[] = [];
      socket.on('message', (data) => messages.push(String(data)));
      return messages;
    };
    const [ownerHeard, adminHeard] = [heard(ownerSocket), heard(adminSocket)];
    expect((await callApi(config, 'PATCH', `/workspaces/${team.workspaceId}`, { token: team.owner.idToken, body: { requireTwoFactor: true } })).status).toBe(200);

    const created = await callApi(config, 'POST', `/workspaces/${team.workspaceId}/projects`, { token: team.owner.idToken, body: { name: 'Quiet for the admin' } });
    expect(created.status).toBe(201);
    const { project } = created.body as { project: { id: string } };
    await expect.poll(() => ownerHeard.some((message) => message.includes(project.id)), { timeout: 10_000 }).toBe(true);
    // The admin's socket came from the same fan-out batch; give a late frame a moment anyway.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(adminHeard.filter((message) => message.includes(project.id))).toEqual([]);
    ownerSocket.close();
    adminSocket.close();
  }, 30_000);
});
