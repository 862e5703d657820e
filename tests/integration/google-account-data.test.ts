import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from './member-fixtures.js';

/**
 * The Google account records straight against the test stack's DynamoDB Local, for the races the API
 * cannot provoke on demand: a removal landing while Google exchanges a code, and a sync or a refused grant
 * rewriting an account that a disconnect or a removal has just deleted, or writing its copies after that.
 */
useTestTable();

type GoogleData = typeof import('../../functions/data/google-calendar/accounts.js') &
  typeof import('../../functions/data/google-calendar/calendars.js') &
  typeof import('../../functions/data/google-calendar/events.js');
type Workspaces = typeof import('../../functions/data/workspace.js');
type Memberships = typeof import('../../functions/data/membership.js');
type StoredAccount = import('../../functions/data/google-calendar/accounts.js').StoredAccount;

const now = new Date().toISOString();
const sealed = { encryptedKey: 'key', iv: 'iv', tag: 'tag', ciphertext: 'secret' };
const account = (workspaceId: string, userId: string): StoredAccount => ({
  accountId: randomUUID(),
  workspaceId,
  userId,
  email: 'sam@example.test',
  name: 'Sam',
  picture: '',
  refreshToken: sealed,
  needsReconnect: false,
  connectedAt: now,
});

describe('Google account records on DynamoDB Local', () => {
  let google: GoogleData;
  let memberships: Memberships;
  let workspaceId: string;

  beforeAll(async () => {
    google = {
      ...(await import('../../functions/data/google-calendar/accounts.js')),
      ...(await import('../../functions/data/google-calendar/calendars.js')),
      ...(await import('../../functions/data/google-calendar/events.js')),
    };
    memberships = await import('../../functions/data/membership.js');
    const workspaces: Workspaces = await import('../../functions/data/workspace.js');
    workspaceId = randomUUID();
    await workspaces.createWorkspace(
      { id: workspaceId, name: 'Calendar', slug: 'calendar', createdAt: now, createdBy: 'owner', autoWeeklyPlan: false, blockersMustBeDone: false, requireTwoFactor: false, apiTokensEnabled: true, allowNonExpiringTokens: false, version: 1 },
      { workspaceId, userId: 'owner', role: 'owner', email: '', createdAt: now, noticeSeen: true },
    );
    expect(await memberships.addMembership({ workspaceId, userId: 'member', role: 'member', email: '', createdAt: now, noticeSeen: true })).toBe('added');
  });

  it("stores a connected account only while its user is a member: a removal's latecomer is refused", async () => {
    const connected = account(workspaceId, 'member');
    expect(await google.storeConnectedAccount(connected)).toBe('written');
    expect(await google.getAccount(workspaceId, 'member', connected.accountId)).toEqual(connected);

    expect(await memberships.removeMembership(workspaceId, 'member')).toBe('removed');
    const late = account(workspaceId, 'member');
    expect(await google.storeConnectedAccount(late)).toBe('not-member');
    expect(await google.getAccount(workspaceId, 'member', late.accountId)).toBeUndefined();
    expect(await google.storeConnectedAccount(account(workspaceId, 'never-a-member'))).toBe('not-member');
    expect(await google.listAccounts(workspaceId, 'never-a-member')).toEqual([]);
  });

  it('marks an account for reconnection only while it is stored with the same grant', async () => {
    const stored = account(workspaceId, 'owner');
    expect(await google.storeConnectedAccount(stored)).toBe('written');
    expect(await google.markReconnect(stored, true)).toBe('written');
    expect(await google.getAccount(workspaceId, 'owner', stored.accountId)).toMatchObject({ needsReconnect: true });

    // Reconnected meanwhile (a new grant): a sync that read the old one does not mark the new one stale.
    const reconnected = { ...stored, needsReconnect: false, refreshToken: { ...sealed, ciphertext: 'new secret' } };
    expect(await google.storeConnectedAccount(reconnected)).toBe('written');
    expect(await google.markReconnect(stored, true)).toBe('missing');
    expect(await google.getAccount(workspaceId, 'owner', stored.accountId)).toEqual(reconnected);

    // Disconnected meanwhile: the mark does not bring the account back.
    await google.deleteAccountData(workspaceId, 'owner', stored.accountId);
    expect(await google.markReconnect(reconnected, false)).toBe('missing');
    expect(await google.getAccount(workspaceId, 'owner', stored.accountId)).toBeUndefined();
  });

  it("shows no events of an account removed while a sync was still writing that account's copies", async () => {
    const { enabledCalendarEvents } = await import('../../functions/domain/google-calendar-views.js');
    const [connected, removed] = [account(workspaceId, 'owner'), account(workspaceId, 'owner')];
    expect(await google.storeConnectedAccount(connected)).toBe('written');
    const calendar = (accountId: string) => ({
      accountId,
      calendarId: 'primary',
      summary: 'Work',
      description: '',
      primary: true,
      backgroundColor: '#4285f4',
      accessRole: 'owner' as const,
      enabled: true,
      projectId: null,
      syncToken: null,
      syncWindowEnd: null,
      syncError: null,
    });
    const event = (accountId: string, summary: string) => ({
      accountId,
      calendarId: 'primary',
      eventId: randomUUID(),
      summary,
      description: '',
      allDay: true,
      start: '2026-11-24',
      end: '2026-11-25',
      htmlLink: '',
      taskId: null,
    });
    // The removed account's copies, as a sync that outran the removal's deletion writes them.
    await google.putCalendars(workspaceId, 'owner', [calendar(connected.accountId), calendar(removed.accountId)]);
    await google.replaceEvents(workspaceId, 'owner', { put: [event(connected.accountId, 'Kept'), event(removed.accountId, 'Orphan')], remove: [] });

    const shown = await enabledCalendarEvents(workspaceId, 'owner', { from: '2026-11-24', to: '2026-11-24' });
    expect(shown.map((shownEvent) => shownEvent.summary)).toEqual(['Kept']);

    // Timed events fall on the days of the reader's zone: 23:30 UTC on the 23rd is 08:30 on the 24th in Tokyo,
    // and 17:00 on the 24th in Los Angeles is 01:00 UTC on the 25th.
    const timed = (summary: string, start: string) => ({ ...event(connected.accountId, summary), allDay: false, start, end: new Date(Date.parse(start) + 1_800_000).toISOString() });
    await google.replaceEvents(workspaceId, 'owner', { put: [timed('Tokyo breakfast', '2026-11-23T23:30:00.000Z'), timed('LA evening', '2026-11-25T01:00:00.000Z')], remove: [] });
    const onThe24th = async (timeZone?: string) =>
      (await enabledCalendarEvents(workspaceId, 'owner', { from: '2026-11-24', to: '2026-11-24' }, timeZone)).map((shownEvent) => shownEvent.summary).filter((summary) => summary !== 'Kept');
    expect(await onThe24th()).toEqual([]);
    expect(await onThe24th('Asia/Tokyo')).toEqual(['Tokyo breakfast']);
    expect(await onThe24th('America/Los_Angeles')).toEqual(['LA evening']);
  });

  it('lets a sync write what Google says of a calendar and its sync token, never back the settings saved while it ran', async () => {
    const accountId = randomUUID();
    const calendar = {
      accountId,
      calendarId: 'team@group.example.test',
      summary: 'Team',
      description: '',
      primary: false,
      backgroundColor: '#10B981',
      accessRole: 'writer' as const,
      enabled: true,
      projectId: 'apollo',
      syncToken: null,
      syncWindowEnd: null,
      syncError: null,
    };
    // Where a sync read up to: the token, and the end of the window its full read covered.
    const at = (syncToken: string) => ({ syncToken, syncWindowEnd: '2030-04-01T00:00:00Z' });
    await google.mergeListedCalendars(workspaceId, 'owner', [calendar]);
    expect(await google.listCalendars(workspaceId, 'owner', accountId)).toEqual([calendar]);

    // The user disables it while a sync that read it enabled is still running; the sync then writes its list.
    await google.putCalendars(workspaceId, 'owner', [{ ...calendar, enabled: false, projectId: null }]);
    await google.mergeListedCalendars(workspaceId, 'owner', [{ ...calendar, summary: 'Team (renamed at Google)' }]);
    expect(await google.saveSyncToken(workspaceId, 'owner', calendar, at('token-1'), true)).toBe(false);
    expect(await google.listCalendars(workspaceId, 'owner', accountId)).toEqual([{ ...calendar, summary: 'Team (renamed at Google)', enabled: false, projectId: null }]);

    // Enabled again: the token is kept, once: a sync that started from the same (now older) token does not
    // move it back. A cleared token is written whatever the settings.
    await google.putCalendars(workspaceId, 'owner', [{ ...calendar, enabled: true }]);
    expect(await google.saveSyncToken(workspaceId, 'owner', calendar, at('token-2'), true)).toBe(true);
    expect(await google.saveSyncToken(workspaceId, 'owner', calendar, at('token-1'), true)).toBe(false);
    expect(await google.saveSyncToken(workspaceId, 'owner', { ...calendar, syncToken: 'token-2' }, at('token-3'), true)).toBe(true);
    expect((await google.listCalendars(workspaceId, 'owner', accountId))[0]).toMatchObject(at('token-3'));
    expect(await google.saveSyncToken(workspaceId, 'owner', { accountId, calendarId: 'gone@example.test', syncToken: null }, null, false)).toBe(false);
    expect(await google.listCalendars(workspaceId, 'owner', accountId)).toHaveLength(1);
  });
});
