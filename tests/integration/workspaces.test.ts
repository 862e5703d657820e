import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listWorkspacesResponse, workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';

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
