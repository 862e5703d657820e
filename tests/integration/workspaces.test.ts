import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listWorkspacesResponse, workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { createTeam, createWorkspace as createWorkspaceOf, subscribe, tableClient, testTable, type Team } from './member-fixtures.js';

const config = inject('webConfig');

describe('workspaces through the local HTTP API', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
  });

  it('answers the public health route without a token', async () => {
    const response = await callApi(config, 'GET', '/health');
    expect(response).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('refuses workspace routes without a valid token, as the JWT authorizer does', async () => {
    expect((await callApi(config, 'GET', '/workspaces')).status).toBe(401);
    expect((await callApi(config, 'GET', '/workspaces', { token: 'not-a-jwt' })).status).toBe(401);
    const [header, payload] = alice.idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    expect((await callApi(config, 'GET', '/workspaces', { token: forged })).status).toBe(401);
  });

  it('creates a workspace with its slug and the caller as owner, and lists it', async () => {
    const created = await callApi(config, 'POST', '/workspaces', { token: alice.idToken, body: { name: '  Acme Rocket — R&D!  ' } });
    expect(created.status).toBe(201);
    const { workspace } = workspaceResponse.parse(created.body);
    expect(workspace).toMatchObject({ name: 'Acme Rocket — R&D!', slug: 'acme-rocket-r-d', role: 'owner' });

    const listed = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: alice.idToken })).body);
    expect(listed.workspaces.map((item) => item.id)).toContain(workspace.id);

    const fetched = await callApi(config, 'GET', `/workspaces/${workspace.id}`, { token: alice.idToken });
    expect(fetched.status).toBe(200);
    expect(workspaceResponse.parse(fetched.body).workspace.id).toBe(workspace.id);
  });

  it("hides one user's workspaces from another", async () => {
    const created = workspaceResponse.parse(
      (await callApi(config, 'POST', '/workspaces', { token: alice.idToken, body: { name: 'Private' } })).body,
    );
    const asBob = await callApi(config, 'GET', `/workspaces/${created.workspace.id}`, { token: bob.idToken });
    expect(asBob).toEqual({ status: 404, body: { error: 'Workspace not found' } });
    const bobsList = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: bob.idToken })).body);
    expect(bobsList.workspaces.map((item) => item.id)).not.toContain(created.workspace.id);
  });

  it('lists workspaces oldest first', async () => {
    const carol = await signUpAndSignIn(config);
    for (const name of ['First', 'Second', 'Third']) {
      expect((await callApi(config, 'POST', '/workspaces', { token: carol.idToken, body: { name } })).status).toBe(201);
    }
    const listed = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: carol.idToken })).body);
    expect(listed.workspaces.map((item) => item.name)).toEqual(['First', 'Second', 'Third']);
  });

  it.each([
    [{ name: '' }, 'name', 'Workspace Name is required'],
    [{ name: '   ' }, 'name', 'Workspace Name is required'],
    [{ name: '!!!' }, 'name', 'Workspace Name must contain a letter or a digit'],
    [{ name: 'x'.repeat(101) }, 'name', 'Workspace Name must be at most 100 characters'],
    [{}, 'name', 'Workspace Name is required'],
    [{ name: 42 }, 'name', 'Workspace Name is required'],
  ])('rejects %j with 400 naming the field', async (body, field, message) => {
    const response = await callApi(config, 'POST', '/workspaces', { token: alice.idToken, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: [{ field, message }] });
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await callApi(config, 'POST', '/workspaces', { token: alice.idToken, rawBody: '{name:' });
    expect(response).toEqual({
      status: 400,
      body: { error: 'Request body must be valid JSON', fields: [{ field: 'body', message: 'Invalid JSON' }] },
    });
  });

  it('answers unknown routes with 404 and CORS preflights with the allowed headers', async () => {
    expect((await callApi(config, 'GET', '/nope', { token: alice.idToken })).status).toBe(404);
    const preflight = await fetch(`${config.apiUrl}/workspaces`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('renaming a workspace through the local HTTP API', () => {
  let team: Team;
  const path = () => `/workspaces/${team.workspaceId}`;
  const current = async () => workspaceResponse.parse((await callApi(config, 'GET', path(), { token: team.owner.idToken })).body).workspace;

  beforeAll(async () => {
    team = await createTeam();
  });

  it('lets owners and admins rename from the version they read, keeping the slug; members get 403', async () => {
    const before = await current();
    expect(before.version).toBe(1);
    const byOwner = await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: { version: 1, name: '  Rocket Lab  ' } });
    expect(byOwner.status).toBe(200);
    expect(workspaceResponse.parse(byOwner.body).workspace).toMatchObject({ name: 'Rocket Lab', slug: before.slug, version: 2, role: 'owner' });

    const byAdmin = await callApi(config, 'PATCH', path(), { token: team.admin.idToken, body: { version: 2, name: 'Rocket Lab 2' } });
    expect(workspaceResponse.parse(byAdmin.body).workspace).toMatchObject({ name: 'Rocket Lab 2', slug: before.slug, version: 3, role: 'admin' });

    const byMember = await callApi(config, 'PATCH', path(), { token: team.member.idToken, body: { version: 3, name: 'Mine now' } });
    expect(byMember).toEqual({ status: 403, body: { error: 'You do not have permission to do this' } });
    const listed = listWorkspacesResponse.parse((await callApi(config, 'GET', '/workspaces', { token: team.member.idToken })).body);
    expect(listed.workspaces.find((workspace) => workspace.id === team.workspaceId)).toMatchObject({ name: 'Rocket Lab 2', role: 'member' });
  });

  it('refuses a rename from an older version with 409 and keeps the newer name', async () => {
    const { version } = await current();
    expect((await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: { version, name: 'First' } })).status).toBe(200);
    const stale = await callApi(config, 'PATCH', path(), { token: team.admin.idToken, body: { version, name: 'Second' } });
    expect(stale.status).toBe(409);
    expect(await current()).toMatchObject({ name: 'First', version: version + 1 });
  });

  it('counts a switch of the weekly plan as a write, so a rename read before it is refused', async () => {
    const { version } = await current();
    const switched = await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: { autoWeeklyPlan: true } });
    expect(workspaceResponse.parse(switched.body).workspace).toMatchObject({ autoWeeklyPlan: true, version: version + 1 });
    expect((await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: { version, name: 'Late' } })).status).toBe(409);
    await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: { autoWeeklyPlan: false } });
  });

  it('pushes the rename to the members watching the workspace', async () => {
    const { version } = await current();
    const socket = await subscribe(team.member.idToken, team.workspaceId);
    // Pushes of earlier writes (set-up, other tests) may still be on their way: wait for the rename's own.
    const pushed = new Promise<unknown>((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type?: string; changes?: { entity: string; version?: number }[] };
        if (message.type === 'workspace.changed' && message.changes?.some((change) => change.entity === 'workspace' && change.version === version + 1)) resolve(message);
      }),
    );
    expect((await callApi(config, 'PATCH', path(), { token: team.admin.idToken, body: { version, name: 'Pushed name' } })).status).toBe(200);
    expect(await pushed).toMatchObject({ workspaceId: team.workspaceId, changes: expect.arrayContaining([{ entity: 'workspace', id: team.workspaceId, version: version + 1 }]) });
    socket.close();
  });

  it('reads a workspace stored before versions as version 1, and renames it from there', async () => {
    const legacy = await createWorkspaceOf(team.owner);
    await tableClient.send(new UpdateCommand({ TableName: testTable.tableName, Key: { PK: `WS#${legacy}`, SK: 'META' }, UpdateExpression: 'REMOVE version' }));
    const read = await callApi(config, 'GET', `/workspaces/${legacy}`, { token: team.owner.idToken });
    expect(workspaceResponse.parse(read.body).workspace.version).toBe(1);
    const renamed = await callApi(config, 'PATCH', `/workspaces/${legacy}`, { token: team.owner.idToken, body: { version: 1, name: 'Renamed legacy' } });
    expect(workspaceResponse.parse(renamed.body).workspace).toMatchObject({ name: 'Renamed legacy', version: 2 });
  });

  it.each([
    [{ version: 1, name: '' }, 'name', 'Workspace Name is required'],
    [{ version: 1, name: '   ' }, 'name', 'Workspace Name is required'],
    [{ version: 1, name: '!!!' }, 'name', 'Workspace Name must contain a letter or a digit'],
    [{ version: 1, name: 'x'.repeat(101) }, 'name', 'Workspace Name must be at most 100 characters'],
    [{ version: 1, name: 'Two\nlines' }, 'name', 'Workspace Name must be one line of printable text'],
    [{ version: 1, name: 'Bell\u0007' }, 'name', 'Workspace Name must be one line of printable text'],
    [{ version: 1, name: 'Invoice\u202Egnp.exe' }, 'name', 'Workspace Name must be one line of printable text'],
    [{ version: 1, name: 'Isolate\u2066x\u2069' }, 'name', 'Workspace Name must be one line of printable text'],
    [{ version: 1, name: 42 }, 'name', 'Workspace Name is required'],
    [{ version: 1, name: ['a'] }, 'name', 'Workspace Name is required'],
    [{ name: 'No version' }, 'version', 'version is required'],
    [{ version: 0, name: 'Zero' }, 'version', undefined],
    [{ version: '1', name: 'Text' }, 'version', 'version is required'],
    [{ version: 1 }, 'body', 'Send name, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled or allowNonExpiringTokens'],
    [{}, 'body', 'Send name, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled or allowNonExpiringTokens'],
  ])('refuses the rename %j with 400 naming the field, and changes nothing', async (body, field, message) => {
    const before = await current();
    const response = await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: [message === undefined ? { field } : { field, message }] });
    expect(await current()).toEqual(before);
  });

  it('refuses a body that is not a JSON object with 400', async () => {
    expect((await callApi(config, 'PATCH', path(), { token: team.owner.idToken, rawBody: '{name:' })).status).toBe(400);
    expect((await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: ['name'] })).status).toBe(400);
    expect((await callApi(config, 'PATCH', path(), { token: team.owner.idToken, body: 'Renamed' })).status).toBe(400);
  });
});
