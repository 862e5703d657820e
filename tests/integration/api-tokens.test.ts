import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createdApiTokenResponse, listApiTokensResponse, listWorkspaceApiTokensResponse, type CreateApiTokenInput } from '../../shared/schemas/api-token.js';
import { listWorkspacesResponse } from '../../shared/schemas/workspace.js';
import { callApi } from './helpers.js';
import { addMember, config, createWorkspace, newAccount, tableClient, testTable, type Account } from './member-fixtures.js';
import { integrationAbuseLimits as limits } from './stack-limits.js';

/** API Gateway's answer to any credential it refuses: the same for every kind of bad token. */
const UNAUTHORIZED = { message: 'Unauthorized' };

async function createToken(user: Account, input: Partial<CreateApiTokenInput> = {}): Promise<{ id: string; secret: string }> {
  const response = await callApi(config, 'POST', '/api-tokens', {
    token: user.idToken,
    body: { name: 'CI script', scope: 'read-write', workspaceId: null, expiresInDays: 30, ...input },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { token, secret } = createdApiTokenResponse.parse(response.body);
  return { id: token.id, secret };
}

/** Calls the API with a token, keeping the Retry-After header. */
async function withToken(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${config.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('personal API tokens', () => {
  let owner: Account;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    owner = await newAccount();
    [workspaceId, otherWorkspaceId] = await Promise.all([createWorkspace(owner), createWorkspace(owner)]);
  });

  it('shows the secret once, lists the token without it, and lets its bearer call GET /workspaces (200)', async () => {
    const { id, secret } = await createToken(owner, { name: 'Reporting' });
    expect(secret).toMatch(/^tf_[A-Za-z0-9_-]{43}$/);
    const listed = listApiTokensResponse.parse((await callApi(config, 'GET', '/api-tokens', { token: owner.idToken })).body);
    const entry = listed.tokens.find((token) => token.id === id);
    expect(entry).toMatchObject({ name: 'Reporting', scope: 'read-write', workspaceId: null, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(secret);

    const response = await withToken(secret, 'GET', '/workspaces');
    expect(response.status).toBe(200);
    expect(listWorkspacesResponse.parse(response.body).workspaces.map((workspace) => workspace.id).sort()).toEqual([workspaceId, otherWorkspaceId].sort());
    const lastUsed = async () =>
      listApiTokensResponse.parse((await callApi(config, 'GET', '/api-tokens', { token: owner.idToken })).body).tokens.find((token) => token.id === id)?.lastUsedAt;
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    // Written at most once a minute: a busy token costs no write per request.
    expect((await withToken(secret, 'GET', '/workspaces')).status).toBe(200);
    expect(await lastUsed()).toBe(first);
  });

  it('refuses an expired token with the same 401 as any other bad one', async () => {
    const { secret } = await createToken(owner);
    expect((await withToken(secret, 'GET', '/workspaces')).status).toBe(200);
    // Past its expiry, before the table's TTL has swept it.
    const secretHash = createHash('sha256').update(secret).digest('base64url');
    await tableClient.send(
      new UpdateCommand({
        TableName: testTable.tableName,
        Key: { PK: `APITOKEN#${secretHash}`, SK: 'META' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await withToken(secret, 'GET', '/workspaces')).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('refuses a write with a read token (403) and writes nothing', async () => {
    const { secret } = await createToken(owner, { scope: 'read' });
    const refused = await withToken(secret, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Not made' });
    expect(refused.status).toBe(403);
    const projects = await withToken(secret, 'GET', `/workspaces/${workspaceId}/projects`);
    expect(projects.status).toBe(200);
    expect(JSON.stringify(projects.body)).not.toContain('Not made');
  });

  it('lets a read-write token write', async () => {
    const { secret } = await createToken(owner, { workspaceId });
    expect((await withToken(secret, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Made by a script' })).status).toBe(201);
  });

  it('stops a revoked token at once with 401, the same body as a malformed one', async () => {
    const { id, secret } = await createToken(owner);
    expect((await withToken(secret, 'GET', `/workspaces/${workspaceId}`)).status).toBe(200);
    expect((await callApi(config, 'DELETE', `/api-tokens/${id}`, { token: owner.idToken })).status).toBe(204);
    const revoked = await withToken(secret, 'GET', `/workspaces/${workspaceId}`);
    expect(revoked).toMatchObject({ status: 401, body: UNAUTHORIZED });
    for (const malformed of ['tf_', 'tf_short', `${secret}x`, `tf_${'A'.repeat(43)}`, 'tf_ünïcode-and-spaces and more']) {
      const response = await withToken(malformed, 'GET', `/workspaces/${workspaceId}`);
      expect(response, malformed).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    expect((await callApi(config, 'DELETE', `/api-tokens/${id}`, { token: owner.idToken })).status).toBe(404);
  });

  it('answers 404 for a workspace a one-workspace token does not reach, and lists only its own workspace', async () => {
    const { secret } = await createToken(owner, { workspaceId });
    expect((await withToken(secret, 'GET', `/workspaces/${otherWorkspaceId}/projects`)).status).toBe(404);
    expect((await withToken(secret, 'GET', `/workspaces/${workspaceId}/projects`)).status).toBe(200);
    const listed = listWorkspacesResponse.parse((await withToken(secret, 'GET', '/workspaces')).body);
    expect(listed.workspaces.map((workspace) => workspace.id)).toEqual([workspaceId]);
    expect((await withToken(secret, 'POST', '/workspaces', { name: 'Elsewhere' })).status).toBe(403);
  });

  it('refuses token callers on every token route (403), so a token cannot mint more', async () => {
    const { id, secret } = await createToken(owner);
    const attempts = [
      await withToken(secret, 'POST', '/api-tokens', { name: 'Minted', scope: 'read-write', workspaceId: null, expiresInDays: 30 }),
      await withToken(secret, 'GET', '/api-tokens'),
      await withToken(secret, 'DELETE', `/api-tokens/${id}`),
      await withToken(secret, 'GET', `/workspaces/${workspaceId}/api-tokens`),
      await withToken(secret, 'DELETE', `/workspaces/${workspaceId}/api-tokens/${id}`),
      await withToken(secret, 'PATCH', `/workspaces/${workspaceId}`, { allowNonExpiringTokens: true }),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const names = listApiTokensResponse.parse((await callApi(config, 'GET', '/api-tokens', { token: owner.idToken })).body).tokens.map((token) => token.name);
    expect(names).not.toContain('Minted');
  });

  it("stops a removed member's token at once for that workspace", async () => {
    const member = await newAccount();
    await addMember(owner, workspaceId, member);
    const { secret } = await createToken(member);
    expect((await withToken(secret, 'GET', `/workspaces/${workspaceId}/projects`)).status).toBe(200);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${member.userId}`, { token: owner.idToken })).status).toBe(204);
    expect((await withToken(secret, 'GET', `/workspaces/${workspaceId}/projects`)).status).toBe(404);
  });

  it('lets owners and admins see and revoke the tokens that reach their workspace; members are refused', async () => {
    const member = await newAccount();
    await addMember(owner, workspaceId, member);
    const reaching = await createToken(member, { name: 'Member script', workspaceId });
    const elsewhere = await createToken(owner, { name: 'Other workspace only', workspaceId: otherWorkspaceId });
    const listed = listWorkspaceApiTokensResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/api-tokens`, { token: owner.idToken })).body);
    expect(listed.tokens.find((token) => token.id === reaching.id)).toMatchObject({ name: 'Member script', ownerId: member.userId, ownerEmail: member.email });
    expect(listed.tokens.map((token) => token.id)).not.toContain(elsewhere.id);
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/api-tokens`, { token: member.idToken })).status).toBe(403);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/api-tokens/${elsewhere.id}`, { token: owner.idToken })).status).toBe(404);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/api-tokens/${reaching.id}`, { token: owner.idToken })).status).toBe(204);
    expect((await withToken(reaching.secret, 'GET', `/workspaces/${workspaceId}/projects`)).status).toBe(401);
  });

  it('refuses tokens in a workspace that turned token access off (403), and tokens that never expire unless allowed', async () => {
    const team = await createWorkspace(owner);
    const { secret } = await createToken(owner);
    const never = await callApi(config, 'POST', '/api-tokens', { token: owner.idToken, body: { name: 'Forever', scope: 'read', workspaceId: team, expiresInDays: null } });
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({ fields: [{ field: 'expiresInDays' }] });

    expect((await callApi(config, 'PATCH', `/workspaces/${team}`, { token: owner.idToken, body: { allowNonExpiringTokens: true } })).status).toBe(200);
    const forever = await createToken(owner, { name: 'Forever', scope: 'read', workspaceId: team, expiresInDays: null });
    expect((await withToken(forever.secret, 'GET', `/workspaces/${team}/projects`)).status).toBe(200);

    const off = await callApi(config, 'PATCH', `/workspaces/${team}`, { token: owner.idToken, body: { apiTokensEnabled: false } });
    expect(off.body).toMatchObject({ workspace: { apiTokensEnabled: false } });
    expect((await withToken(secret, 'GET', `/workspaces/${team}/projects`)).status).toBe(403);
    expect((await withToken(secret, 'GET', `/workspaces/${workspaceId}/projects`)).status).toBe(200);
    const create = await callApi(config, 'POST', '/api-tokens', { token: owner.idToken, body: { name: 'No', scope: 'read', workspaceId: team, expiresInDays: 30 } });
    expect(create.status).toBe(403);
    // To someone else's token the workspace does not exist, switch or no switch.
    const stranger = await newAccount();
    const theirs = await createToken(stranger);
    expect(await withToken(theirs.secret, 'GET', `/workspaces/${team}/projects`)).toMatchObject({ status: 404, body: { error: 'Workspace not found' } });
  });

  it('refuses bad input to the create route with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ name: '', scope: 'read', workspaceId: null, expiresInDays: 30 }, 'name'],
      [{ name: 'x'.repeat(61), scope: 'read', workspaceId: null, expiresInDays: 30 }, 'name'],
      [{ name: 'Line\nbreak', scope: 'read', workspaceId: null, expiresInDays: 30 }, 'name'],
      [{ name: 'Ok', scope: 'admin', workspaceId: null, expiresInDays: 30 }, 'scope'],
      [{ name: 'Ok', scope: 'read', workspaceId: 'bad#id', expiresInDays: 30 }, 'workspaceId'],
      [{ name: 'Ok', scope: 'read', workspaceId: null, expiresInDays: 7 }, 'expiresInDays'],
      [{ name: 'Ok', scope: 'read', expiresInDays: 30 }, 'workspaceId'],
    ];
    for (const [body, field] of cases) {
      const response = await callApi(config, 'POST', '/api-tokens', { token: owner.idToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
    }
    const stranger = await newAccount();
    const foreign = await callApi(config, 'POST', '/api-tokens', { token: stranger.idToken, body: { name: 'Ok', scope: 'read', workspaceId, expiresInDays: 30 } });
    expect(foreign.status).toBe(404);
  });

  it(`allows ${limits.apiTokenRequestsPerMinute} requests a minute per token, then 429 with Retry-After`, async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
    const { id, secret } = await createToken(owner);
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    // As that many earlier requests would have left it (functions/data/quota.ts).
    await tableClient.send(
      new PutCommand({
        TableName: testTable.tableName,
        Item: { PK: `APITOKENRATE#${id}`, SK: minute, entity: 'ApiTokenRate', count: limits.apiTokenRequestsPerMinute - 1, expiresAt: Math.floor(Date.now() / 1000) + 120 },
      }),
    );
    expect((await withToken(secret, 'GET', '/workspaces')).status).toBe(200);
    const refused = await withToken(secret, 'GET', '/workspaces');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // Another token of the same person has its own count.
    expect((await withToken((await createToken(owner)).secret, 'GET', '/workspaces')).status).toBe(200);
  });
});
