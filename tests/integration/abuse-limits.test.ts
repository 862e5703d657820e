import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { config, createWorkspace, newAccount, tableClient, testTable, type Account } from './member-fixtures.js';
import { integrationAbuseLimits as limits } from './stack-limits.js';

/**
 * Abuse limits answer 429 with a Retry-After header. The stack's limits are set high for the other tests
 * (stack-limits.ts); these tests fill a user's counter up to one below the limit, as that many earlier
 * requests would have, then send the last allowed one and the one too many.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function windowStart(windowMs: number): string {
  return new Date(Math.floor(Date.now() / windowMs) * windowMs).toISOString();
}

/** A counter of the user's partition holding `count` uses of the current window (functions/data/quota.ts). */
async function fillCounter(user: Account, sortKey: string, entity: string, count: number): Promise<void> {
  await tableClient.send(
    new PutCommand({
      TableName: testTable.tableName,
      Item: { PK: `USER#${user.userId}`, SK: sortKey, entity, count, expiresAt: Math.floor(Date.now() / 1000) + 2 * 86_400 },
    }),
  );
}

/** Calls the API and keeps the Retry-After header, which the shared helper leaves out. */
async function send(user: Account, method: string, path: string, body?: unknown) {
  const response = await fetch(`${config.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
}

/** The counters count fixed clock windows: a test starting just before one ends waits for the next. */
async function awayFromWindowEnd(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

const inviteTo = (user: Account, workspaceId: string) =>
  send(user, 'POST', `/workspaces/${workspaceId}/invitations`, { email: `limit-${randomUUID()}@example.com` });

describe('invitation limits, per inviting user across workspaces', () => {
  it(`allows ${limits.invitationsPerHour} an hour, then 429 with Retry-After until the hour ends, in every workspace`, async () => {
    await awayFromWindowEnd(HOUR_MS, 30_000);
    const owner = await newAccount();
    const [first, second] = [await createWorkspace(owner), await createWorkspace(owner)];
    await fillCounter(owner, `INVITERATE#hour#${windowStart(HOUR_MS)}`, 'InvitationCounter', limits.invitationsPerHour - 2);
    // The last two allowed, one in each workspace: the limit is the person's, not the workspace's.
    expect((await inviteTo(owner, first)).status).toBe(201);
    expect((await inviteTo(owner, second)).status).toBe(201);

    const sentAt = Date.now();
    const refused = await inviteTo(owner, first);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: `You can send at most ${limits.invitationsPerHour} invitations per hour.` });
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    // The server counted from a moment after the request left, so at most what was left of the hour then
    // (measured after the answer, a slow answer made the bound too small).
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((HOUR_MS - (sentAt % HOUR_MS)) / 1000));
    expect((await inviteTo(owner, second)).status).toBe(429);
    // Add Member counts the same way.
    const existing = await newAccount();
    expect((await send(owner, 'POST', `/workspaces/${first}/members`, { email: existing.email })).status).toBe(429);
    // Refused ones are not stored, and another manager has their own allowance.
    const listed = await send(owner, 'GET', `/workspaces/${first}/invitations`);
    expect((listed.body as { invitations: unknown[] }).invitations).toHaveLength(1);
    const other = await newAccount();
    expect((await inviteTo(other, await createWorkspace(other))).status).toBe(201);
  });

  it(`allows ${limits.invitationsPerDay} a day: beyond, 429 with Retry-After until the UTC day ends`, async () => {
    await awayFromWindowEnd(DAY_MS, 30_000);
    const owner = await newAccount();
    const workspaceId = await createWorkspace(owner);
    await fillCounter(owner, `INVITERATE#day#${windowStart(DAY_MS)}`, 'InvitationCounter', limits.invitationsPerDay - 1);
    expect((await inviteTo(owner, workspaceId)).status).toBe(201);
    const refused = await inviteTo(owner, workspaceId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: `You can send at most ${limits.invitationsPerDay} invitations per day.` });
    const secondsToMidnight = (DAY_MS - (Date.now() % DAY_MS)) / 1000;
    expect(Math.abs(Number(refused.retryAfter) - secondsToMidnight)).toBeLessThan(10);
  });
});

describe('workspace creation limit', () => {
  it(`allows ${limits.workspacesPerDay} new workspaces a day per user, then 429 with Retry-After until the UTC day ends`, async () => {
    await awayFromWindowEnd(DAY_MS, 30_000);
    const user = await newAccount();
    await fillCounter(user, `WSCREATE#${windowStart(DAY_MS)}`, 'WorkspaceCreationCounter', limits.workspacesPerDay - 2);
    expect((await send(user, 'POST', '/workspaces', { name: 'Next to last' })).status).toBe(201);
    // A refused body is refused as bad input first: the limit counts only real creations.
    expect((await send(user, 'POST', '/workspaces', { name: '' })).status).toBe(400);
    expect((await send(user, 'POST', '/workspaces', { name: 'Last' })).status).toBe(201);

    const refused = await send(user, 'POST', '/workspaces', { name: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: `You can create at most ${limits.workspacesPerDay} workspaces per day.` });
    const secondsToMidnight = (DAY_MS - (Date.now() % DAY_MS)) / 1000;
    expect(Math.abs(Number(refused.retryAfter) - secondsToMidnight)).toBeLessThan(10);
    const listed = await send(user, 'GET', '/workspaces');
    expect((listed.body as { workspaces: { name: string }[] }).workspaces.map((workspace) => workspace.name)).toEqual(['Next to last', 'Last']);
  });

  it('exposes Retry-After to the web app across origins (CORS)', async () => {
    const preflight = await fetch(`${config.apiUrl}/workspaces`, { method: 'OPTIONS', headers: { origin: inject('webOrigin'), 'access-control-request-method': 'POST' } });
    const response = await fetch(`${config.apiUrl}/workspaces`, { headers: { origin: inject('webOrigin') } });
    const exposed = response.headers.get('access-control-expose-headers') ?? preflight.headers.get('access-control-expose-headers');
    expect(exposed?.split(',')).toContain('retry-after');
  });
});

describe('export limit', () => {
  it(`allows ${limits.exportsPerHour} exports an hour per user, workspace and personal together, then 429 with Retry-After until the hour ends`, async () => {
    await awayFromWindowEnd(HOUR_MS, 30_000);
    const user = await newAccount();
    const created = await send(user, 'POST', '/workspaces', { name: 'Exported often' });
    const workspaceId = (created.body as { workspace: { id: string } }).workspace.id;
    await fillCounter(user, `EXPORTRATE#${windowStart(HOUR_MS)}`, 'ExportCounter', limits.exportsPerHour - 1);
    // A refused request is refused before it counts: a project that is not there takes nothing.
    expect((await send(user, 'POST', `/workspaces/${workspaceId}/exports`, { scope: 'project', projectId: 'no-such-project' })).status).toBe(404);
    expect((await send(user, 'POST', `/workspaces/${workspaceId}/exports`, { scope: 'workspace' })).status).toBe(201);

    const refused = await send(user, 'POST', '/profile/exports');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: `You can ask for at most ${limits.exportsPerHour} exports an hour.` });
    const secondsToHourEnd = (HOUR_MS - (Date.now() % HOUR_MS)) / 1000;
    expect(Math.abs(Number(refused.retryAfter) - secondsToHourEnd)).toBeLessThan(10);
  });
});
