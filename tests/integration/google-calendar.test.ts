import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/calendar-date.js';
import {
  authUrlResponse,
  googleAccountResponse,
  googleAccountsResponse,
  googleEventResponse,
  googleEventsResponse,
  type GoogleAccountView,
} from '../../shared/schemas/google-calendar.js';
import { weeklyPlanResponse } from '../../shared/schemas/weekly-plan.js';
import { callApi, type ApiResponse, type TestUser } from './helpers.js';
import { addMember, config, newAccount, useTestTable, type Account } from './member-fixtures.js';
import { projectApi, userIdOf, workEveryDay } from './project-fixtures.js';

/**
 * Google Calendar through the local HTTP API, with the handlers talking to the Google stand-in exactly as
 * they would to Google. The stand-in runs in the integration run's local stack; its /_control/ operations
 * play what happens at Google's side (a revoked grant, an expired sync token, an outage).
 */
const googleUrl = inject('googleUrl');
const controlSecret = inject('controlSecret');
// Two checks read the table itself: the sealed token, and a deadline record lost before a retry.
useTestTable();

const ALEX = { id: '104729000000000000001', email: 'alex@example.test' };
const SAM = { id: '104729000000000000002', email: 'sam@example.test' };
const JORDAN = { id: '104729000000000000003', email: 'jordan@example.test' };
const TEAM_CALENDAR = 'c_alex_team_meetings@group.calendar.example.test';
/** Subscribed: Alex may only read it. */
const HOLIDAYS = 'en.usa#holiday@group.v.calendar.example.test';
/** Only this file connects Jordan with it enabled, so its sharing can change here without touching other tests. */
const JORDAN_PERSONAL = 'c_jordan_personal@group.calendar.example.test';

interface StandInEvent {
  id: string;
  status: string;
  summary?: string;
  start: { date?: string; dateTime?: string };
  end: { date?: string; dateTime?: string };
  extendedProperties?: { private?: Record<string, string> };
}

async function control(method: 'GET' | 'POST' | 'PATCH', operation: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${googleUrl}/_control/${operation}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-control-secret': controlSecret },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, operation).toBe(200);
  return response.json();
}

/** A Google account of its own (nobody else in the run connects it), with a primary calendar. */
const freshGoogleAccount = async (name: string) => (await control('POST', 'accounts', { name })) as { id: string; email: string };

const standInEvents = async (calendarId: string) =>
  ((await control('GET', `events?calendarId=${encodeURIComponent(calendarId)}`)) as { items: StandInEvent[] }).items;

type RecordedRequest = { method: string; path: string; status?: number };
const recordedRequests = async () => ((await control('GET', 'requests')) as { items: RecordedRequest[] }).items;
/** Google's answers to the event inserts made since the stand-in had recorded `seen` requests. */
const insertAnswersSince = async (seen: number) =>
  (await recordedRequests())
    .slice(seen)
    .filter((request) => request.method === 'POST' && request.path.endsWith('/events'))
    .map((request) => request.status);

const htmlDecode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replaceAll('&amp;', '&');

/** What a person does on the consent page: picks the account; answers the code and state Google sends back. */
async function consent(authUrl: string, email: string): Promise<{ code: string; state: string }> {
  const html = await (await fetch(authUrl)).text();
  const action = /<form method="get" action="([^"]+)">/.exec(html)?.[1] ?? '';
  const approve = new URL(htmlDecode(action), authUrl);
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    approve.searchParams.set(htmlDecode(match[1] ?? ''), htmlDecode(match[2] ?? ''));
  }
  approve.searchParams.set('account', email);
  const redirect = await fetch(approve, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location') ?? '');
  expect(back.pathname).toBe('/integrations/google-calendar/callback');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

function googleApi(user: TestUser, workspaceId: string) {
  const base = `/workspaces/${workspaceId}/google-calendar`;
  const call = (method: string, path: string, body?: unknown): Promise<ApiResponse> => callApi(config, method, `${base}${path}`, { token: user.idToken, body });
  return {
    call,
    async authUrl(): Promise<string> {
      const response = await call('GET', '/auth-url');
      expect(response.status).toBe(200);
      return authUrlResponse.parse(response.body).authUrl;
    },
    async connect(email: string): Promise<GoogleAccountView> {
      const response = await call('POST', '/accounts', await consent(await this.authUrl(), email));
      expect(response).toMatchObject({ status: 201 });
      return googleAccountResponse.parse(response.body).account;
    },
    async accounts(): Promise<GoogleAccountView[]> {
      return googleAccountsResponse.parse((await call('GET', '/accounts')).body).accounts;
    },
    async saveCalendars(accountId: string, calendars: { id: string; enabled: boolean; projectId: string | null }[]): Promise<ApiResponse> {
      return call('PUT', `/accounts/${accountId}/calendars`, { calendars });
    },
    async sync(): Promise<GoogleAccountView[]> {
      const response = await call('POST', '/sync');
      expect(response).toMatchObject({ status: 200 });
      return googleAccountsResponse.parse(response.body).accounts;
    },
    async events(from: string, to: string, projectId?: string) {
      const response = await call('GET', `/events?from=${from}&to=${to}${projectId ? `&projectId=${projectId}` : ''}`);
      expect(response.status).toBe(200);
      return googleEventsResponse.parse(response.body).events;
    },
  };
}

const today = () => todayIn('UTC');

describe('Google Calendar: connecting accounts', () => {
  let owner: Account;
  let member: Account;
  let workspaceId: string;

  beforeAll(async () => {
    owner = await newAccount();
    member = await newAccount();
    workspaceId = await projectApi(config, owner).createWorkspace('Calendar team');
    await addMember(owner, workspaceId, member);
  });

  it('connects through the consent page; the state is bound to the user and the workspace and works once', async () => {
    const google = googleApi(owner, workspaceId);
    const authUrl = new URL(await google.authUrl());
    expect(authUrl.origin).toBe(googleUrl);
    expect(authUrl.searchParams.get('access_type')).toBe('offline');
    // PKCE: Google gets the hash of a verifier only the server holds (the stand-in checks it at the exchange).
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const granted = await consent(authUrl.toString(), ALEX.email);

    const forged = await google.call('POST', '/accounts', { code: granted.code, state: 'not-a-state-we-made' });
    expect(forged).toMatchObject({ status: 400, body: { fields: [{ field: 'state' }] } });
    // Another member cannot complete the owner's authorization.
    const stolen = await googleApi(member, workspaceId).call('POST', '/accounts', granted);
    expect(stolen.status).toBe(400);

    const connected = await google.call('POST', '/accounts', (await consent(await google.authUrl(), ALEX.email)));
    expect(connected.status).toBe(201);
    const account = googleAccountResponse.parse(connected.body).account;
    expect(account).toMatchObject({ id: ALEX.id, email: ALEX.email, name: 'Alex Rivera', needsReconnect: false });
    expect(account.calendars.map((calendar) => [calendar.summary, calendar.primary, calendar.enabled, calendar.backgroundColor])).toEqual([
      [ALEX.email, true, true, '#3B82F6'],
      ['Holidays', false, false, '#0B8043'],
      ['Team Meetings', false, false, '#10B981'],
    ]);

    // The same code and state again: the state is gone.
    const replayed = await google.call('POST', '/accounts', granted);
    expect(replayed.status).toBe(400);
  });

  it('keeps several accounts per user and workspace, and keeps the refresh tokens sealed', async () => {
    const google = googleApi(owner, workspaceId);
    await google.connect(SAM.email);
    expect((await google.accounts()).map((account) => account.email)).toEqual([ALEX.email, SAM.email]);
    // Another member of the workspace sees none of them.
    expect(await googleApi(member, workspaceId).accounts()).toEqual([]);

    const { documentClient, tableName } = await import('../../functions/data/client.js');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.googleAccount(workspaceId, userIdOf(owner), ALEX.id) }));
    const stored = JSON.stringify(Item);
    expect(Item?.refreshToken).toMatchObject({ encryptedKey: expect.any(String), iv: expect.any(String), tag: expect.any(String), ciphertext: expect.any(String) });
    // The stand-in's refresh tokens start '1//local-'; none is stored readable.
    expect(stored).not.toContain('1//');
    expect(stored).not.toContain('ya29.');
  });

  it("answers 404 'Account not found' to a user naming another user's account", async () => {
    const other = googleApi(member, workspaceId);
    expect(await other.call('DELETE', `/accounts/${ALEX.id}`)).toMatchObject({ status: 404, body: { error: 'Account not found' } });
    expect((await other.saveCalendars(ALEX.id, [{ id: ALEX.email, enabled: true, projectId: null }])).status).toBe(404);
    const event = { accountId: ALEX.id, calendarId: ALEX.email, summary: 'Sneaky', date: today(), startTime: '09:00', durationMinutes: 60 };
    expect((await other.call('POST', '/events', event)).status).toBe(404);
    // An outsider does not even learn that the workspace exists.
    const outsider = await newAccount();
    expect((await googleApi(outsider, workspaceId).call('GET', '/accounts')).status).toBe(404);
  });

  it('marks an account whose grant Google revoked as needing reconnection, not a failure', async () => {
    const google = googleApi(owner, workspaceId);
    await control('POST', 'revoke-grants', { email: SAM.email });
    const accounts = await google.sync();
    expect(accounts.find((account) => account.id === SAM.id)?.needsReconnect).toBe(true);
    expect(accounts.find((account) => account.id === ALEX.id)?.needsReconnect).toBe(false);
    // Connecting it again clears the mark.
    await google.connect(SAM.email);
    expect((await google.accounts()).find((account) => account.id === SAM.id)?.needsReconnect).toBe(false);
  });

  it('removes an account: the grant is revoked at Google and nothing of it stays', async () => {
    const google = googleApi(owner, workspaceId);
    const revokedBefore = ((await control('GET', 'revoked-tokens')) as { items: string[] }).items.length;
    expect((await google.call('DELETE', `/accounts/${SAM.id}`)).status).toBe(204);
    expect(((await control('GET', 'revoked-tokens')) as { items: string[] }).items.length).toBe(revokedBefore + 1);
    expect((await google.accounts()).map((account) => account.id)).toEqual([ALEX.id]);
    expect((await google.call('DELETE', `/accounts/${SAM.id}`)).status).toBe(404);
  });
});

describe('Google Calendar: access ends with the membership', () => {
  const revokedCount = async () => ((await control('GET', 'revoked-tokens')) as { items: string[] }).items.length;

  it('revokes the grants of a member who is removed or leaves, and keeps nothing of them', async () => {
    const owner = await newAccount();
    const [removed, leaving] = await Promise.all([newAccount(), newAccount()]);
    const workspaceId = await projectApi(config, owner).createWorkspace('Rotating team');
    await addMember(owner, workspaceId, removed);
    await addMember(owner, workspaceId, leaving);
    await googleApi(removed, workspaceId).connect((await freshGoogleAccount('Removed Person')).email);
    await googleApi(leaving, workspaceId).connect((await freshGoogleAccount('Leaving Person')).email);

    const before = await revokedCount();
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${userIdOf(removed)}`, { token: owner.idToken })).status).toBe(204);
    expect(await revokedCount()).toBe(before + 1);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/membership`, { token: leaving.idToken })).status).toBe(204);
    expect(await revokedCount()).toBe(before + 2);

    // Added again, they start with nothing connected.
    await addMember(owner, workspaceId, removed);
    expect(await googleApi(removed, workspaceId).accounts()).toEqual([]);
  });

  it('leaves a Google account connected elsewhere alone: Google would revoke it everywhere', async () => {
    const [first, second] = await Promise.all([newAccount(), newAccount()]);
    const member = await newAccount();
    const [here, there] = await Promise.all([projectApi(config, first).createWorkspace('Here'), projectApi(config, second).createWorkspace('There')]);
    await addMember(first, here, member);
    await addMember(second, there, member);
    await googleApi(member, here).connect(SAM.email);
    await googleApi(member, there).connect(SAM.email);

    const before = await revokedCount();
    expect((await callApi(config, 'DELETE', `/workspaces/${here}/membership`, { token: member.idToken })).status).toBe(204);
    expect(await revokedCount()).toBe(before);
    expect((await googleApi(member, there).sync()).map((account) => [account.email, account.needsReconnect])).toEqual([[SAM.email, false]]);
  });

  it("revokes every member's grants when the workspace is deleted", async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = await projectApi(config, owner).createWorkspace('Closing team');
    await addMember(owner, workspaceId, member);
    await googleApi(owner, workspaceId).connect((await freshGoogleAccount('Closing Owner')).email);
    await googleApi(member, workspaceId).connect((await freshGoogleAccount('Closing Member')).email);
    const before = await revokedCount();
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}`, { token: owner.idToken })).status).toBe(204);
    expect(await revokedCount()).toBe(before + 2);
  });

  it('leaves a Google account another person of the app still uses alone, and revokes it with its last connection', async () => {
    // A team calendar account two people connect, each in their own workspace.
    const shared = await freshGoogleAccount('Team Calendar');
    const [first, second] = await Promise.all([newAccount(), newAccount()]);
    const [firstWorkspace, secondWorkspace] = await Promise.all([projectApi(config, first).createWorkspace('First'), projectApi(config, second).createWorkspace('Second')]);
    await googleApi(first, firstWorkspace).connect(shared.email);
    await googleApi(second, secondWorkspace).connect(shared.email);

    const before = await revokedCount();
    expect((await googleApi(first, firstWorkspace).call('DELETE', `/accounts/${shared.id}`)).status).toBe(204);
    expect(await revokedCount()).toBe(before);
    // The other person's connection goes on working.
    expect((await googleApi(second, secondWorkspace).sync()).map((account) => [account.email, account.needsReconnect])).toEqual([[shared.email, false]]);
    // Their removal is the last: now the grant is revoked at Google.
    expect((await googleApi(second, secondWorkspace).call('DELETE', `/accounts/${shared.id}`)).status).toBe(204);
    expect(await revokedCount()).toBe(before + 1);
  });
});

describe('Google Calendar: calendars, events and due dates', () => {
  let owner: TestUser;
  let workspaceId: string;
  let projectId: string;
  let google: ReturnType<typeof googleApi>;
  const window = () => ({ from: addDays(today(), -30), to: addDays(today(), 90) });

  beforeAll(async () => {
    owner = await newAccount();
    // The weekly plan here must be able to use today, whatever day the tests run on.
    await workEveryDay(config, owner);
    const projects = projectApi(config, owner);
    workspaceId = await projects.createWorkspace('Events team');
    projectId = (await projects.createProject(workspaceId, { name: 'Launch' })).id;
    google = googleApi(owner, workspaceId);
    await google.connect(ALEX.email);
  });

  it('saves calendar settings: enabled calendars with a project link of the workspace, nothing else', async () => {
    const foreignProject = (await projectApi(config, owner).createProject(await projectApi(config, owner).createWorkspace('Other'))).id;
    const refused = await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId: foreignProject }]);
    expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'calendars.0.projectId' }] } });
    expect((await google.saveCalendars(ALEX.id, [{ id: 'someone-else@example.test', enabled: true, projectId: null }])).status).toBe(400);
    const twice = await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId }, { id: TEAM_CALENDAR, enabled: false, projectId: null }]);
    expect(twice).toMatchObject({ status: 400, body: { fields: [{ field: 'calendars.1.id', message: 'is listed twice' }] } });

    const saved = await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId }]);
    expect(saved.status).toBe(200);
    const team = googleAccountResponse.parse(saved.body).account.calendars.find((calendar) => calendar.id === TEAM_CALENDAR);
    expect(team).toMatchObject({ enabled: true, projectId });

    const events = await google.events(window().from, window().to);
    const teamEvents = events.filter((event) => event.calendarId === TEAM_CALENDAR);
    expect(teamEvents.length).toBeGreaterThan(0);
    expect(teamEvents.every((event) => event.color === '#10B981' && event.projectId === projectId)).toBe(true);
    // The project's overview asks for its calendars only.
    const forProject = await google.events(window().from, window().to, projectId);
    expect(forProject.map((event) => event.id).sort()).toEqual(teamEvents.map((event) => event.id).sort());
    // Nothing outside the window (the stand-in seeds one event 200 days ahead).
    expect(events.every((event) => event.start.slice(0, 10) <= window().to)).toBe(true);
  });

  it('syncs incrementally, and reads everything again when Google drops the sync token (410)', async () => {
    const start = `${addDays(today(), 3)}T14:00:00.000Z`;
    const inserted = (await control('POST', 'events', {
      calendarId: ALEX.email,
      event: { summary: 'Added on the phone', start: { dateTime: start }, end: { dateTime: `${addDays(today(), 3)}T15:00:00.000Z` } },
    })) as StandInEvent;
    await google.sync();
    const afterIncremental = await google.events(today(), addDays(today(), 7));
    expect(afterIncremental.find((event) => event.id === inserted.id)).toMatchObject({ summary: 'Added on the phone', start, allDay: false });

    await control('POST', 'expire-sync-tokens');
    const second = (await control('POST', 'events', {
      calendarId: ALEX.email,
      event: { summary: 'After the token expired', start: { date: addDays(today(), 4) }, end: { date: addDays(today(), 5) } },
    })) as StandInEvent;
    const seen = (await recordedRequests()).length;
    await google.sync();
    const answers = (await recordedRequests()).slice(seen);
    expect(answers.filter((request) => request.path.endsWith('/events') && request.status === 410).length).toBeGreaterThan(0);
    const afterFull = await google.events(today(), addDays(today(), 7));
    expect(afterFull.find((event) => event.id === second.id)).toMatchObject({ allDay: true, start: addDays(today(), 4) });
    expect(afterFull.some((event) => event.id === inserted.id)).toBe(true);
  });

  it('rides out a Google outage by retrying', async () => {
    await control('POST', 'fail-next', { times: 2, status: 503 });
    await google.sync();
    const statuses = (await recordedRequests()).map((request) => request.status);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(2);
  });

  it('creates an event in the chosen calendar at the local time asked for', async () => {
    const date = addDays(today(), 2);
    const body = { accountId: ALEX.id, calendarId: ALEX.email, summary: 'Review launch plan', date, startTime: '09:00', durationMinutes: 90, timeZone: 'Europe/Berlin' };
    const tooLong = await google.call('POST', '/events', { ...body, durationMinutes: 300 });
    expect(tooLong).toMatchObject({ status: 400, body: { fields: [{ field: 'durationMinutes' }] } });
    expect((await google.call('POST', '/events', { ...body, calendarId: 'nope@example.test' })).status).toBe(404);

    const created = await google.call('POST', '/events', body);
    expect(created.status).toBe(201);
    const { event } = googleEventResponse.parse(created.body);
    const berlinNine = new Date(`${date}T09:00:00${new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' }).format(new Date(`${date}T12:00:00Z`)).slice(-6)}`);
    expect(event).toMatchObject({ summary: 'Review launch plan', start: berlinNine.toISOString(), end: new Date(berlinNine.getTime() + 90 * 60_000).toISOString() });
    expect((await standInEvents(ALEX.email)).find((candidate) => candidate.id === event.id)?.summary).toBe('Review launch plan');
    expect((await google.events(date, date)).some((candidate) => candidate.id === event.id)).toBe(true);
  });

  it('writes due dates of the linked project as all-day events once, moves them, and never doubles one on a retry', async () => {
    const projects = projectApi(config, owner);
    const dueDate = addDays(today(), 5);
    const task = await projects.createTask(workspaceId, projectId, { title: 'Ship beta', dueDate });
    const deadlineEvents = async () =>
      (await standInEvents(TEAM_CALENDAR)).filter((event) => event.status !== 'cancelled' && event.extendedProperties?.private?.taskflowTaskId === task.id);

    await google.sync();
    expect(await deadlineEvents()).toEqual([expect.objectContaining({ summary: 'Due: Ship beta', start: { date: dueDate }, end: { date: addDays(dueDate, 1) } })]);
    await google.sync();
    expect(await deadlineEvents()).toHaveLength(1);

    // The record of what was written is lost (a retry after a crash): the insert meets its own event.
    const { documentClient, tableName } = await import('../../functions/data/client.js');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.deadlineEvent(workspaceId, userIdOf(owner), ALEX.id, TEAM_CALENDAR, task.id) }));
    await google.sync();
    expect(await deadlineEvents()).toHaveLength(1);

    const moved = addDays(today(), 8);
    await projects.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task.id}`, { version: task.version, dueDate: moved });
    await google.sync();
    expect((await deadlineEvents()).map((event) => event.start.date)).toEqual([moved]);
    expect((await google.events(moved, moved)).filter((event) => event.taskId === task.id)).toHaveLength(1);

    await projects.call('DELETE', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task.id}`);
    await google.sync();
    expect(await deadlineEvents()).toEqual([]);
  });

  it('with two-way sync, moves a task whose due-date event was moved in Google, unless the app moved it too', async () => {
    const projects = projectApi(config, owner);
    const preferences = { syncDeadlines: true, syncMeetings: true, createTimeBlocks: true, twoWaySync: true, reminderOffset: 15 };
    expect((await callApi(config, 'PATCH', '/profile', { token: owner.idToken, body: { calendarSync: preferences } })).status).toBe(200);
    const [first, second, third] = [
      await projects.createTask(workspaceId, projectId, { title: 'Moved in Google', dueDate: addDays(today(), 3) }),
      await projects.createTask(workspaceId, projectId, { title: 'Moved in both', dueDate: addDays(today(), 3) }),
      await projects.createTask(workspaceId, projectId, { title: 'Renamed in the app', dueDate: addDays(today(), 3) }),
    ];
    await google.sync();
    const eventOf = async (taskId: string) =>
      (await standInEvents(TEAM_CALENDAR)).find((event) => event.status !== 'cancelled' && event.extendedProperties?.private?.taskflowTaskId === taskId);
    const moveInGoogle = async (taskId: string, date: string) =>
      control('PATCH', `events?calendarId=${encodeURIComponent(TEAM_CALENDAR)}`, { eventId: (await eventOf(taskId))?.id, patch: { start: { date }, end: { date: addDays(date, 1) } } });
    const dueDateOf = async (taskId: string) => (await projects.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.id === taskId)?.dueDate;

    await moveInGoogle(first.id, addDays(today(), 6));
    await moveInGoogle(second.id, addDays(today(), 6));
    await projects.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${second.id}`, { version: second.version, dueDate: addDays(today(), 9) });
    // Moved in Google while only its title changed in the app: both changes stand.
    await moveInGoogle(third.id, addDays(today(), 7));
    await projects.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${third.id}`, { version: third.version, title: 'Renamed' });
    await google.sync();
    expect(await dueDateOf(third.id)).toBe(addDays(today(), 7));
    expect(await eventOf(third.id)).toMatchObject({ summary: 'Due: Renamed', start: { date: addDays(today(), 7) } });
    expect(await dueDateOf(first.id)).toBe(addDays(today(), 6));
    expect((await eventOf(first.id))?.start).toEqual({ date: addDays(today(), 6) });
    // Moved in the app as well: the app's date stands, and Google's event follows it.
    expect(await dueDateOf(second.id)).toBe(addDays(today(), 9));
    expect((await eventOf(second.id))?.start).toEqual({ date: addDays(today(), 9) });

    // Settled: syncing again changes neither side.
    const versionBefore = (await projects.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.id === first.id)?.version;
    await google.sync();
    expect((await projects.getProjectWithItems(workspaceId, projectId)).tasks.find((task) => task.id === first.id)).toMatchObject({ version: versionBefore, dueDate: addDays(today(), 6) });

    // With two-way sync off, a move in Google changes nothing in the app.
    expect((await callApi(config, 'PATCH', '/profile', { token: owner.idToken, body: { calendarSync: { ...preferences, twoWaySync: false } } })).status).toBe(200);
    await moveInGoogle(first.id, addDays(today(), 12));
    await google.sync();
    expect(await dueDateOf(first.id)).toBe(addDays(today(), 6));
  });

  it("makes the weekly plan count the assignee's calendar events as used time", async () => {
    const projects = projectApi(config, owner);
    const planProject = await projects.createProject(workspaceId, {
      name: 'Every day',
      preferredDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    });
    await control('POST', 'events', {
      calendarId: ALEX.email,
      event: { summary: 'Offsite', start: { dateTime: `${today()}T00:30:00.000Z` }, end: { dateTime: `${today()}T23:30:00.000Z` } },
    });
    await google.sync();
    const planned = async () => {
      const answer = weeklyPlanResponse.parse((await callApi(config, 'POST', `/workspaces/${workspaceId}/weekly-plan`, { token: owner.idToken, body: { timeZone: 'UTC' } })).body);
      return (title: string) => answer.weeklyPlan.days.flatMap((day) => day.tasks.map((task) => ({ ...task, date: day.date }))).find((task) => task.title === title);
    };
    // The team's work is done in its members' free time, so their calendars count for it too (the owner has
    // nothing assigned yet: only the team's task needs their calendar).
    await projects.createTask(workspaceId, planProject.id, { title: 'Team chore', timeEstimate: 60 });
    expect((await planned())('Team chore')?.date).not.toBe(today());

    await projects.createTask(workspaceId, planProject.id, { title: 'Deep work', timeEstimate: 60, assignedTo: userIdOf(owner) });
    const placed = (await planned())('Deep work');
    expect(placed?.date).not.toBe(today());
    expect(placed?.reason).toContain('calendar events included');

    // With 'Create time blocks' off in Sync Preferences the calendar no longer takes time.
    const preferences = { syncDeadlines: true, syncMeetings: true, createTimeBlocks: false, twoWaySync: false, reminderOffset: 30 };
    expect((await callApi(config, 'PATCH', '/profile', { token: owner.idToken, body: { calendarSync: preferences } })).status).toBe(200);
    // A task new to the plan takes today; the one planned before stays on its day (regenerating moves little).
    await projects.createTask(workspaceId, planProject.id, { title: 'Fresh work', timeEstimate: 60, assignedTo: userIdOf(owner) });
    const free = weeklyPlanResponse.parse((await callApi(config, 'POST', `/workspaces/${workspaceId}/weekly-plan`, { token: owner.idToken, body: { timeZone: 'UTC' } })).body);
    const replanned = (title: string) => free.weeklyPlan.days.flatMap((day) => day.tasks.map((task) => ({ ...task, date: day.date }))).find((task) => task.title === title);
    expect(replanned('Fresh work')?.date).toBe(today());
    expect(replanned('Fresh work')?.reason).not.toContain('calendar');
    expect(replanned('Deep work')).toMatchObject({ date: placed?.date, reason: expect.stringContaining('kept where the last plan put it') });
  });

  it("counts an assignee's calendar events on the days of the assignee's own time zone", async () => {
    const { busyMinutesOf } = await import('../../functions/domain/google-calendar-views.js');
    const preferences = { syncDeadlines: true, syncMeetings: true, createTimeBlocks: true, twoWaySync: false, reminderOffset: 30 };
    const profile = { calendarSync: preferences, timeZones: { primary: 'Asia/Tokyo', secondary: 'UTC' } };
    expect((await callApi(config, 'PATCH', '/profile', { token: owner.idToken, body: profile })).status).toBe(200);
    // 15:00 UTC today to 14:30 UTC tomorrow: all of tomorrow in Tokyo, though in UTC it starts today.
    await control('POST', 'events', {
      calendarId: ALEX.email,
      event: { summary: 'Tokyo offsite', start: { dateTime: `${today()}T15:00:00.000Z` }, end: { dateTime: `${addDays(today(), 1)}T14:30:00.000Z` } },
    });
    await google.sync();
    try {
      // Planned by someone on UTC, the day the assignee's calendar fills is still the assignee's tomorrow.
      const busy = await busyMinutesOf(workspaceId, [userIdOf(owner)], { from: today(), to: addDays(today(), 6) }, 'UTC');
      const mine = busy[userIdOf(owner)] ?? {};
      expect(mine[addDays(today(), 1)]).toBeGreaterThanOrEqual(1410);
      expect(mine[today()] ?? 0).toBeLessThan(1410);
    } finally {
      await callApi(config, 'PATCH', '/profile', { token: owner.idToken, body: { timeZones: { primary: null, secondary: 'America/New_York' } } });
    }
  });

  it('reads the window in full again once it has to reach further than the last full read, dropping copies from before its start', async () => {
    const { documentClient, tableName } = await import('../../functions/data/client.js');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    const { listCalendars } = await import('../../functions/data/google-calendar/calendars.js');
    const { replaceEvents } = await import('../../functions/data/google-calendar/events.js');
    const userId = userIdOf(owner);
    const primary = async () => (await listCalendars(workspaceId, userId, ALEX.id)).find((calendar) => calendar.calendarId === ALEX.email);
    const windowEnd = (daysAhead: number) => `${addDays(today(), daysAhead)}T00:00:00Z`;
    await google.sync();
    expect((await primary())?.syncWindowEnd).toBe(windowEnd(90));

    // A copy from before the window's start, as a sync 40 days ago would have kept it.
    const past = { accountId: ALEX.id, calendarId: ALEX.email, eventId: 'pastcopy0000000000', summary: 'Long past', description: '', allDay: true, start: addDays(today(), -40), end: addDays(today(), -39), htmlLink: '', taskId: null };
    await replaceEvents(workspaceId, userId, { put: [past], remove: [] });
    const pastShown = async () => (await google.events(addDays(today(), -41), addDays(today(), -38))).some((event) => event.id === past.eventId);
    await google.sync();
    expect(await pastShown()).toBe(true); // read by sync token: only Google's changes

    // The last full read was a day ago: today + 90 days is past the window it covered.
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.googleCalendar(workspaceId, userId, ALEX.id, ALEX.email),
        UpdateExpression: 'SET syncWindowEnd = :end',
        ExpressionAttributeValues: { ':end': windowEnd(89) },
      }),
    );
    await google.sync();
    expect(await pastShown()).toBe(false);
    expect((await primary())?.syncWindowEnd).toBe(windowEnd(90));
    expect((await google.events(today(), addDays(today(), 7))).some((event) => event.calendarId === ALEX.email)).toBe(true);
  });
});

describe('Google Calendar: calendars Google does not let the account write to', () => {
  let owner: TestUser;
  let workspaceId: string;
  let projectId: string;
  let google: ReturnType<typeof googleApi>;
  const calendarOf = (accounts: GoogleAccountView[], accountId: string, calendarId: string) =>
    accounts.find((account) => account.id === accountId)?.calendars.find((calendar) => calendar.id === calendarId);
  /** How the calendar's owner shares it with the test account, at Google; put back after each test. */
  const shareJordanPersonal = (role: 'owner' | 'reader' | 'none') => control('POST', 'access-role', { calendarId: JORDAN_PERSONAL, role });
  const dueDateEvents = async (calendarId: string, taskId: string) =>
    (await standInEvents(calendarId)).filter((event) => event.status !== 'cancelled' && event.extendedProperties?.private?.taskflowTaskId === taskId);

  beforeAll(async () => {
    owner = await newAccount();
    const projects = projectApi(config, owner);
    workspaceId = await projects.createWorkspace('Read-only team');
    projectId = (await projects.createProject(workspaceId, { name: 'Launch' })).id;
    google = googleApi(owner, workspaceId);
    await google.connect(ALEX.email);
    await google.connect(JORDAN.email);
  });

  it('shows the events of a read-only calendar, but refuses to link it to a project or add an event to it', async () => {
    const alex = (await google.accounts()).find((account) => account.id === ALEX.id);
    expect(alex?.calendars.map((calendar) => [calendar.summary, calendar.accessRole])).toEqual([
      [ALEX.email, 'owner'],
      ['Holidays', 'reader'],
      ['Team Meetings', 'owner'],
    ]);

    const linked = await google.saveCalendars(ALEX.id, [
      { id: TEAM_CALENDAR, enabled: true, projectId },
      { id: HOLIDAYS, enabled: true, projectId },
    ]);
    expect(linked).toMatchObject({ status: 400, body: { fields: [{ field: 'calendars.1.projectId', message: expect.stringContaining('only read this calendar') }] } });

    const shown = await google.saveCalendars(ALEX.id, [{ id: HOLIDAYS, enabled: true, projectId: null }]);
    expect(shown.status).toBe(200);
    expect(calendarOf([googleAccountResponse.parse(shown.body).account], ALEX.id, HOLIDAYS)).toMatchObject({ enabled: true, projectId: null, syncError: null });
    const holidays = (await google.events(today(), addDays(today(), 90))).filter((event) => event.calendarId === HOLIDAYS);
    expect(holidays.map((event) => event.summary)).toEqual(['Founders Day', 'Harvest Festival']);

    const written = (await standInEvents(HOLIDAYS)).length;
    const event = { accountId: ALEX.id, calendarId: HOLIDAYS, summary: 'Day off', date: today(), startTime: '09:00', durationMinutes: 60 };
    expect(await google.call('POST', '/events', event)).toMatchObject({ status: 400, body: { fields: [{ field: 'calendarId', message: expect.stringContaining('read-only') }] } });
    expect(await standInEvents(HOLIDAYS)).toHaveLength(written);
  });

  it('answers 403 or 404 with the reason, not a 500, when Google refuses a new event: the calendar was made read-only or unshared', async () => {
    const event = { accountId: JORDAN.id, calendarId: JORDAN_PERSONAL, summary: 'Gym', date: addDays(today(), 1), startTime: '07:00', durationMinutes: 60 };
    try {
      // Changed at Google after the last sync: the stored calendar still says it can be written.
      await shareJordanPersonal('reader');
      const seen = (await recordedRequests()).length;
      expect(await google.call('POST', '/events', event)).toMatchObject({ status: 403, body: { error: expect.stringContaining('only read "Personal"') } });
      // A 403 for missing rights is final: asked once, not retried as Google's throttling 403s are.
      expect(await insertAnswersSince(seen)).toEqual([403]);
      await shareJordanPersonal('none');
      expect(await google.call('POST', '/events', event)).toMatchObject({ status: 404, body: { error: expect.stringContaining('no longer in this Google account') } });
    } finally {
      await shareJordanPersonal('owner');
    }
    expect((await google.call('POST', '/events', event)).status).toBe(201);
  });

  it("keeps syncing every account when one linked calendar turns read-only, reports it there, and saves its settings", async () => {
    const projects = projectApi(config, owner);
    const first = await projects.createTask(workspaceId, projectId, { title: 'Book the venue', dueDate: addDays(today(), 4) });
    const saved = await google.saveCalendars(JORDAN.id, [{ id: JORDAN_PERSONAL, enabled: true, projectId }]);
    expect(saved.status).toBe(200);
    expect(await dueDateEvents(JORDAN_PERSONAL, first.id)).toHaveLength(1);
    try {
      await shareJordanPersonal('reader');
      // A due date to write, and a change at the other account that the same sync has to bring in.
      await projects.createTask(workspaceId, projectId, { title: 'Print badges', dueDate: addDays(today(), 6) });
      const elsewhere = (await control('POST', 'events', {
        calendarId: ALEX.email,
        event: { summary: 'Venue walkthrough', start: { dateTime: `${addDays(today(), 2)}T10:00:00.000Z` }, end: { dateTime: `${addDays(today(), 2)}T11:00:00.000Z` } },
      })) as StandInEvent;

      const accounts = await google.sync();
      expect(calendarOf(accounts, JORDAN.id, JORDAN_PERSONAL)).toMatchObject({ accessRole: 'reader', projectId, syncError: expect.stringContaining('only read this calendar') });
      expect(calendarOf(accounts, ALEX.id, ALEX.email)?.syncError).toBeNull();
      expect((await google.events(today(), addDays(today(), 7))).some((event) => event.id === elsewhere.id)).toBe(true);

      // Saving the settings as they are drops the link that can no longer hold, instead of failing.
      const resaved = await google.saveCalendars(JORDAN.id, [{ id: JORDAN_PERSONAL, enabled: true, projectId }]);
      expect(resaved.status).toBe(200);
      expect(calendarOf([googleAccountResponse.parse(resaved.body).account], JORDAN.id, JORDAN_PERSONAL)).toMatchObject({ projectId: null, syncError: null });
    } finally {
      await shareJordanPersonal('owner');
    }
  });

  it("reports a calendar whose due dates Google failed to take, and writes them at the next sync", async () => {
    const projects = projectApi(config, owner);
    expect((await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId }])).status).toBe(200);
    const task = await projects.createTask(workspaceId, projectId, { title: 'Send invitations', dueDate: addDays(today(), 5) });
    // Every attempt of the insert (the client's first and its 3 retries) meets an outage; reads go through.
    await control('POST', 'fail-next', { times: 4, status: 503, method: 'POST' });
    const during = await google.sync();
    expect(calendarOf(during, ALEX.id, TEAM_CALENDAR)?.syncError).toContain('did not answer');
    expect(await dueDateEvents(TEAM_CALENDAR, task.id)).toEqual([]);

    const after = await google.sync();
    expect(calendarOf(after, ALEX.id, TEAM_CALENDAR)?.syncError).toBeNull();
    expect(await dueDateEvents(TEAM_CALENDAR, task.id)).toHaveLength(1);
  });

  it("takes Google's 403 with a rate-limit reason for throttling, not for a calendar it may only read", async () => {
    const projects = projectApi(config, owner);
    expect((await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId }])).status).toBe(200);
    const task = await projects.createTask(workspaceId, projectId, { title: 'Order badges', dueDate: addDays(today(), 4) });
    // Throttled twice, the insert goes through on its third try, after a pause: nothing to report.
    const seen = (await recordedRequests()).length;
    await control('POST', 'fail-next', { times: 2, status: 403, method: 'POST' });
    const retried = await google.sync();
    expect(calendarOf(retried, ALEX.id, TEAM_CALENDAR)?.syncError).toBeNull();
    expect(await dueDateEvents(TEAM_CALENDAR, task.id)).toHaveLength(1);
    expect(await insertAnswersSince(seen)).toEqual([403, 403, 200]);

    // Throttled at every try, the calendar is reported as busy (not as read-only) and written at the next sync.
    const later = await projects.createTask(workspaceId, projectId, { title: 'Print programmes', dueDate: addDays(today(), 5) });
    await control('POST', 'fail-next', { times: 3, status: 403, method: 'POST' });
    const during = await google.sync();
    expect(calendarOf(during, ALEX.id, TEAM_CALENDAR)?.syncError).toContain('did not answer');
    const after = await google.sync();
    expect(calendarOf(after, ALEX.id, TEAM_CALENDAR)?.syncError).toBeNull();
    expect(await dueDateEvents(TEAM_CALENDAR, later.id)).toHaveLength(1);
  });

  it('saves the settings of a calendar whose linked project was deleted, dropping the link; a link to an unknown project is still refused', async () => {
    const projects = projectApi(config, owner);
    const temporary = (await projects.createProject(workspaceId, { name: 'Temporary' })).id;
    expect((await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId: temporary }])).status).toBe(200);
    expect((await projects.call('DELETE', `/workspaces/${workspaceId}/projects/${temporary}`)).status).toBe(204);

    const accounts = await google.sync();
    expect(calendarOf(accounts, ALEX.id, TEAM_CALENDAR)).toMatchObject({ projectId: temporary, syncError: null });
    // Calendar Settings sends every calendar back as it is, the stale link included.
    const settings = (accounts.find((account) => account.id === ALEX.id)?.calendars ?? []).map(({ id, enabled, projectId: link }) => ({ id, enabled, projectId: link }));
    const saved = await google.saveCalendars(ALEX.id, settings);
    expect(saved.status).toBe(200);
    expect(calendarOf([googleAccountResponse.parse(saved.body).account], ALEX.id, TEAM_CALENDAR)).toMatchObject({ enabled: true, projectId: null });

    const unknown = await google.saveCalendars(ALEX.id, [{ id: TEAM_CALENDAR, enabled: true, projectId: temporary }]);
    expect(unknown).toMatchObject({ status: 400, body: { fields: [{ field: 'calendars.0.projectId', message: 'is not a project of this workspace' }] } });
  });
});

describe('Google Calendar: workspace membership', () => {
  it('lets any member connect their own calendar; the owner cannot see it', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = await projectApi(config, owner).createWorkspace('Shared');
    await addMember(owner, workspaceId, member);
    await googleApi(member, workspaceId).connect('jordan@example.test');
    expect((await googleApi(member, workspaceId).accounts()).map((account) => account.email)).toEqual(['jordan@example.test']);
    expect(await googleApi(owner, workspaceId).accounts()).toEqual([]);
  });
});
