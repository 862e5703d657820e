import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, calendar, type calendar_v3 } from 'googleapis/build/src/apis/calendar/index.js';
import { oauth2 } from 'googleapis/build/src/apis/oauth2/index.js';
import { LOCAL_GOOGLE_CLIENT, startGoogleStandIn, type GoogleStandIn } from './google-stand-in/index.js';

/**
 * The stand-in driven by the real clients the handlers use (google-auth-library's OAuth2Client, reached as
 * googleapis' `auth.OAuth2`, and googleapis' calendar v3 / oauth2 v2), so what passes here is what those
 * clients send and understand.
 */

const NOW = new Date('2030-01-07T08:00:00Z'); // a Monday
const DAY_MS = 86_400_000;
const REDIRECT_URI = 'http://127.0.0.1:5173/integrations/google-calendar/callback';
const APP_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
  'openid',
  'email',
  'profile',
];
const ALEX = 'alex@example.test';
const TEAM = 'c_alex_team_meetings@group.calendar.example.test';
const HOLIDAYS = 'en.usa#holiday@group.v.calendar.example.test';

type OAuthClient = InstanceType<typeof auth.OAuth2>;

let standIn: GoogleStandIn;

beforeAll(async () => {
  standIn = await startGoogleStandIn({ port: 0, now: () => NOW });
});

afterAll(() => standIn.close());

function oauthClient(clientSecret: string = LOCAL_GOOGLE_CLIENT.clientSecret, base: string = standIn.url): OAuthClient {
  return new auth.OAuth2({
    clientId: LOCAL_GOOGLE_CLIENT.clientId,
    clientSecret,
    redirectUri: REDIRECT_URI,
    endpoints: {
      oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${base}/token`,
      oauth2RevokeUrl: `${base}/revoke`,
    },
  });
}

const calendarApi = (client: OAuthClient) => calendar({ version: 'v3', auth: client, rootUrl: `${standIn.url}/` });
const userinfoApi = (client: OAuthClient) => oauth2({ version: 'v2', auth: client, rootUrl: `${standIn.url}/` });

const unescapeHtml = (text: string): string => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** Does in code what a person does on the consent page: submits its form with an account, or Cancel. */
async function consent(authUrl: string, choice: { account: string } | 'cancel'): Promise<URL> {
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="get" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  const approve = new URL(unescapeHtml(action ?? ''), authUrl);
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    approve.searchParams.set(unescapeHtml(match[1] ?? ''), unescapeHtml(match[2] ?? ''));
  }
  if (choice === 'cancel') approve.searchParams.set('cancel', '1');
  else approve.searchParams.set('account', choice.account);
  const answer = await fetch(approve, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function authorizationCode(client: OAuthClient, email: string, options: { scope?: string[]; prompt?: string } = {}): Promise<string> {
  const authUrl = client.generateAuthUrl({ access_type: 'offline', scope: options.scope ?? APP_SCOPES, prompt: options.prompt ?? 'consent', state: 'st' });
  return (await consent(authUrl, { account: email })).searchParams.get('code') ?? '';
}

/** A client holding fresh tokens of `email`, as the app's callback handler would have. */
async function signIn(email: string, scope: string[] = APP_SCOPES): Promise<OAuthClient> {
  const client = oauthClient();
  const { tokens } = await client.getToken(await authorizationCode(client, email, { scope }));
  client.setCredentials(tokens);
  return client;
}

/** The error bodies of Google's APIs, as gaxios hands them over. */
const apiError = (status: number, reason: string) => ({ status, response: { data: { error: { code: status, errors: [{ reason }] } } } });
const oauthError = (status: number, error: string) => ({ response: { status, data: { error } } });

describe('Google stand-in: OAuth 2.0', () => {
  it('shows an accessible consent page listing the test accounts, every reflected value escaped', async () => {
    const authUrl = oauthClient().generateAuthUrl({ access_type: 'offline', scope: APP_SCOPES, state: '<script>alert("x")</script>&' });
    const page = await fetch(authUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sign in with Google (local stand-in)</title>');
    expect(html).toContain('No real Google account is used');
    for (const account of standIn.control.testAccounts) {
      expect(html).toContain(`<button type="submit" name="account" value="${account.email}">`);
      expect(html).toContain(account.name);
    }
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)');
  });

  it('runs the code flow: consent, code for tokens once, refresh, revoke, then invalid_grant', async () => {
    const client = oauthClient();
    const state = 'state with spaces & <marks>';
    const callback = await consent(client.generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: APP_SCOPES, state }), {
      account: ALEX,
    });
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code') ?? '';

    const { tokens } = await client.getToken(code);
    expect(tokens).toMatchObject({ token_type: 'Bearer', refresh_token: expect.stringMatching(/^1\/\//) as unknown });
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/userinfo.email']));
    expect(tokens.expiry_date).toBeGreaterThan(Date.now() + 3500_000);
    await expect(client.getToken(code)).rejects.toMatchObject(oauthError(400, 'invalid_grant'));

    client.setCredentials(tokens);
    const { credentials } = await client.refreshAccessToken();
    expect(credentials.access_token).toBeTruthy();
    expect(credentials.access_token).not.toBe(tokens.access_token);
    expect((await userinfoApi(client).userinfo.get()).data.email).toBe(ALEX);

    const revoked = await client.revokeToken(tokens.refresh_token ?? '');
    expect(revoked.status).toBe(200);
    expect(standIn.control.revokedTokens()).toContain(tokens.refresh_token);
    await expect(client.refreshAccessToken()).rejects.toMatchObject({
      message: 'invalid_grant',
      response: { status: 400, data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } },
    });
    // The grant's access tokens end with it.
    await expect(userinfoApi(client).userinfo.get()).rejects.toMatchObject(apiError(401, 'authError'));
    await expect(client.revokeToken(tokens.refresh_token ?? '')).rejects.toMatchObject(oauthError(400, 'invalid_token'));
  });

  it('sends Cancel back as access_denied and shows an error page for an unknown client', async () => {
    const client = oauthClient();
    const callback = await consent(client.generateAuthUrl({ scope: APP_SCOPES, state: 'abc' }), 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('abc');
    expect(callback.searchParams.has('code')).toBe(false);

    const unknown = new URL(client.generateAuthUrl({ scope: APP_SCOPES }));
    unknown.searchParams.set('client_id', '<other-client>');
    const page = await fetch(unknown);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('invalid_client');
    expect(html).toContain('&#60;other-client&#62;');
  });

  it('refuses a wrong client secret (401 invalid_client) and a redirect_uri other than the approved one', async () => {
    const code = await authorizationCode(oauthClient(), ALEX);
    await expect(oauthClient('not-the-secret').getToken(code)).rejects.toMatchObject(oauthError(401, 'invalid_client'));
    await expect(oauthClient().getToken({ code, redirect_uri: 'http://127.0.0.1:9/elsewhere' })).rejects.toMatchObject(
      oauthError(400, 'redirect_uri_mismatch'),
    );
  });

  it('issues a refresh token on first consent only, unless prompt=consent asks again', async () => {
    const client = oauthClient();
    const first = await client.getToken(await authorizationCode(client, 'sam@example.test', { prompt: '' }));
    const again = await client.getToken(await authorizationCode(client, 'sam@example.test', { prompt: '' }));
    const forced = await client.getToken(await authorizationCode(client, 'sam@example.test', { prompt: 'consent' }));
    expect(first.tokens.refresh_token).toBeTruthy();
    expect(again.tokens.refresh_token).toBeUndefined();
    expect(again.tokens.access_token).toBeTruthy();
    expect(forced.tokens.refresh_token).toBeTruthy();
  });

  it('ends every grant of an account that revokes access from outside', async () => {
    const client = await signIn('jordan@example.test');
    expect((await calendarApi(client).calendarList.list()).data.items).toHaveLength(2);
    standIn.control.revokeGrants('jordan@example.test');
    await expect(client.refreshAccessToken()).rejects.toMatchObject(oauthError(400, 'invalid_grant'));
    await expect(calendarApi(client).calendarList.list()).rejects.toMatchObject(apiError(401, 'authError'));
  });

  it('keeps refresh tokens across a restart when given a grants file, revocations included', async () => {
    const grantsFile = path.join(mkdtempSync(path.join(tmpdir(), 'stand-in-')), 'grants.json');
    const first = await startGoogleStandIn({ port: 0, now: () => NOW, grantsFile });
    const client = oauthClient(undefined, first.url);
    const { tokens } = await client.getToken(await authorizationCode(client, 'sam@example.test'));
    const other = oauthClient(undefined, first.url);
    const revoked = (await other.getToken(await authorizationCode(other, ALEX))).tokens.refresh_token ?? '';
    await other.revokeToken(revoked);
    await first.close();

    const second = await startGoogleStandIn({ port: 0, now: () => NOW, grantsFile });
    try {
      const again = oauthClient(undefined, second.url);
      again.setCredentials({ refresh_token: tokens.refresh_token ?? '' });
      expect((await again.refreshAccessToken()).credentials.access_token).toMatch(/^ya29\./);
      const gone = oauthClient(undefined, second.url);
      gone.setCredentials({ refresh_token: revoked });
      await expect(gone.refreshAccessToken()).rejects.toMatchObject(oauthError(400, 'invalid_grant'));
    } finally {
      await second.close();
    }
  });
});

describe('Google stand-in: userinfo', () => {
  it('answers who the account is', async () => {
    const { data } = await userinfoApi(await signIn(ALEX)).userinfo.get();
    expect(data).toEqual({
      id: standIn.control.testAccounts[0]?.id,
      email: ALEX,
      verified_email: true,
      name: 'Alex Rivera',
      given_name: 'Alex',
      family_name: 'Rivera',
    });
  });

  it('answers only what the granted scopes allow, and 401 without a token', async () => {
    const emailOnly = await signIn('sam@example.test', ['email']);
    const { data } = await userinfoApi(emailOnly).userinfo.get();
    expect(data.email).toBe('sam@example.test');
    expect(data.name).toBeUndefined();
    await expect(calendarApi(emailOnly).calendarList.list()).rejects.toMatchObject(apiError(403, 'insufficientPermissions'));

    const anonymous = await fetch(`${standIn.url}/oauth2/v2/userinfo`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 401, errors: [{ reason: 'required', location: 'Authorization' }] } });
  });
});

describe('Google stand-in: Calendar v3', () => {
  let api: calendar_v3.Calendar;

  beforeAll(async () => {
    api = calendarApi(await signIn(ALEX));
  });

  const requestsTo = (path: string, since: number) => standIn.control.requests.slice(since).filter((request) => request.path === path);

  it("lists the account's calendars and hides everyone else's", async () => {
    const { data } = await api.calendarList.list();
    expect(data.items?.map((entry) => [entry.id, entry.summary, entry.backgroundColor, entry.primary ?? false, entry.accessRole])).toEqual([
      [ALEX, ALEX, '#3B82F6', true, 'owner'],
      [TEAM, 'Team Meetings', '#10B981', false, 'owner'],
      [HOLIDAYS, 'Holidays', '#0B8043', false, 'reader'],
    ]);
    expect(data.items?.[1]?.description).toBeTruthy();
    await expect(api.events.list({ calendarId: 'sam@example.test' })).rejects.toMatchObject(apiError(404, 'notFound'));
    expect((await api.events.list({ calendarId: 'primary', maxResults: 1 })).data.items).toHaveLength(1);
  });

  it('lists a window page by page, then only what changed since the sync token', async () => {
    const pages: calendar_v3.Schema$Events[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await api.events.list({
        calendarId: ALEX,
        timeMin: new Date(NOW.getTime() - 30 * DAY_MS).toISOString(),
        timeMax: new Date(NOW.getTime() + 90 * DAY_MS).toISOString(),
        singleEvents: true,
        maxResults: 3,
        pageToken,
      });
      pages.push(data);
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);

    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((page) => page.items?.length === 3 && !page.nextSyncToken)).toBe(true);
    const syncToken = pages.at(-1)?.nextSyncToken ?? '';
    expect(syncToken).not.toBe('');
    const listed = pages.flatMap((page) => page.items ?? []);
    // Everything seeded within the window, in start order: the event 200 days out is the one left out.
    const inWindow = standIn.control.events(ALEX).filter((event) => event.summary !== 'Annual planning kickoff');
    expect(listed.map((event) => event.id)).toEqual(inWindow.map((event) => event.id));
    expect(listed.map((event) => event.summary)).toContain('Conference talk: Shipping calmly');
    expect(listed.find((event) => event.summary === 'Daily standup')).toMatchObject({
      start: { dateTime: '2030-01-08T10:00:00Z' },
      end: { dateTime: '2030-01-08T10:15:00Z' },
    });
    expect(listed.find((event) => event.summary === 'Company offsite')?.start).toEqual({ date: '2030-01-16' });

    const planning = listed.find((event) => event.summary === 'Sprint planning');
    const added = standIn.control.insertEvent(ALEX, {
      summary: 'Dentist (added on the phone)',
      start: { dateTime: '2030-01-09T08:00:00Z' },
      end: { dateTime: '2030-01-09T08:30:00Z' },
    });
    standIn.control.deleteEvent(ALEX, planning?.id ?? '');

    const changes = await api.events.list({ calendarId: ALEX, syncToken, singleEvents: true, showDeleted: true });
    expect(changes.data.items).toEqual([
      expect.objectContaining({ id: added.id, status: 'confirmed', summary: 'Dentist (added on the phone)' }),
      { kind: 'calendar#event', etag: expect.any(String) as unknown, id: planning?.id, status: 'cancelled' },
    ]);
    expect(standIn.control.events(ALEX).find((event) => event.id === planning?.id)?.status).toBe('cancelled');
    const nextSyncToken = changes.data.nextSyncToken ?? '';
    expect(nextSyncToken).not.toBe(syncToken);
    const quiet = await api.events.list({ calendarId: ALEX, syncToken: nextSyncToken });
    expect(quiet.data.items).toEqual([]);
    expect(quiet.data.nextSyncToken).toBeTruthy();
  });

  it('answers 410 fullSyncRequired, unretried, once sync tokens expire; 400 for a sync token with a window', async () => {
    const { data } = await api.events.list({ calendarId: TEAM });
    const syncToken = data.nextSyncToken ?? '';
    expect(syncToken).not.toBe('');
    await expect(api.events.list({ calendarId: TEAM, syncToken, timeMin: NOW.toISOString() })).rejects.toMatchObject(apiError(400, 'invalid'));

    standIn.control.expireSyncTokens();
    const before = standIn.control.requests.length;
    await expect(api.events.list({ calendarId: TEAM, syncToken })).rejects.toMatchObject(apiError(410, 'fullSyncRequired'));
    expect(requestsTo(`/calendar/v3/calendars/${TEAM}/events`, before)).toEqual([{ method: 'GET', path: `/calendar/v3/calendars/${TEAM}/events`, status: 410 }]);
  });

  it('inserts with a client-chosen id once (409 the second time) and validates ids and times', async () => {
    const event = {
      id: 'tf0123456789abcdef0123',
      summary: 'Write the release notes',
      start: { dateTime: '2030-01-10T14:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-01-10T15:00:00+01:00', timeZone: 'Europe/Berlin' },
    };
    const { data } = await api.events.insert({ calendarId: TEAM, requestBody: event });
    expect(data).toMatchObject({ id: event.id, status: 'confirmed', summary: event.summary, start: event.start });
    expect(data.htmlLink).toMatch(new RegExp(`^${standIn.url}/calendar/event\\?eid=`));
    expect((await fetch(data.htmlLink ?? '')).status).toBe(200);
    await expect(api.events.insert({ calendarId: TEAM, requestBody: event })).rejects.toMatchObject(apiError(409, 'duplicate'));

    await expect(api.events.insert({ calendarId: TEAM, requestBody: { ...event, id: 'task-with-dashes' } })).rejects.toMatchObject(
      apiError(400, 'invalid'),
    );
    await expect(
      api.events.insert({ calendarId: TEAM, requestBody: { summary: 'Backwards', start: event.end, end: event.start } }),
    ).rejects.toMatchObject(apiError(400, 'timeRangeEmpty'));
    await expect(
      api.events.insert({ calendarId: TEAM, requestBody: { summary: 'Mixed', start: { date: '2030-01-10' }, end: event.end } }),
    ).rejects.toMatchObject(apiError(400, 'invalid'));
    // Wall-clock time in a named zone, as Google reads it: 09:00 in Berlin is 08:00 UTC in January.
    const local = await api.events.insert({
      calendarId: TEAM,
      requestBody: {
        summary: 'Local time',
        start: { dateTime: '2030-01-10T09:00:00', timeZone: 'Europe/Berlin' },
        end: { dateTime: '2030-01-10T09:30:00', timeZone: 'Europe/Berlin' },
      },
    });
    const found = await api.events.list({ calendarId: TEAM, timeMin: '2030-01-10T08:00:00Z', timeMax: '2030-01-10T08:01:00Z' });
    expect(found.data.items?.map((item) => item.id)).toEqual([local.data.id]);
  });

  it('lets a reader list a calendar but answers 403 requiredAccessLevel to its writes, as Google does', async () => {
    const { data } = await api.events.list({ calendarId: HOLIDAYS });
    expect(data.accessRole).toBe('reader');
    expect(data.items?.map((item) => item.summary)).toEqual(['Founders Day', 'Harvest Festival']);
    const holiday = data.items?.[0]?.id ?? '';
    const day = { start: { date: '2030-02-01' }, end: { date: '2030-02-02' } };
    await expect(api.events.insert({ calendarId: HOLIDAYS, requestBody: { summary: 'Mine', ...day } })).rejects.toMatchObject(apiError(403, 'requiredAccessLevel'));
    await expect(api.events.patch({ calendarId: HOLIDAYS, eventId: holiday, requestBody: { summary: 'Renamed' } })).rejects.toMatchObject(
      apiError(403, 'requiredAccessLevel'),
    );
    await expect(api.events.delete({ calendarId: HOLIDAYS, eventId: holiday })).rejects.toMatchObject(apiError(403, 'requiredAccessLevel'));
  });

  it("follows the owner's sharing: a calendar made read-only refuses writes, one no longer shared is gone", async () => {
    const day = { start: { date: '2030-02-01' }, end: { date: '2030-02-02' } };
    try {
      standIn.control.setAccessRole(TEAM, 'reader');
      expect((await api.calendarList.list()).data.items?.find((entry) => entry.id === TEAM)?.accessRole).toBe('reader');
      await expect(api.events.insert({ calendarId: TEAM, requestBody: { summary: 'x', ...day } })).rejects.toMatchObject(apiError(403, 'requiredAccessLevel'));

      standIn.control.setAccessRole(TEAM, 'none');
      expect((await api.calendarList.list()).data.items?.map((entry) => entry.id)).toEqual([ALEX, HOLIDAYS]);
      await expect(api.events.list({ calendarId: TEAM })).rejects.toMatchObject(apiError(404, 'notFound'));
      await expect(api.events.insert({ calendarId: TEAM, requestBody: { summary: 'x', ...day } })).rejects.toMatchObject(apiError(404, 'notFound'));
    } finally {
      standIn.control.setAccessRole(TEAM, 'owner');
    }
    expect((await api.events.insert({ calendarId: TEAM, requestBody: { summary: 'Shared again', ...day } })).data.summary).toBe('Shared again');
  });

  it('patches an event, merging private properties; deletes it as cancelled', async () => {
    const { data: created } = await api.events.insert({
      calendarId: TEAM,
      requestBody: {
        summary: 'Draft',
        start: { date: '2030-01-20' },
        end: { date: '2030-01-21' },
        extendedProperties: { private: { taskflowTaskId: 'task-9', keep: 'yes' } },
      },
    });
    const eventId = created.id ?? '';
    // Patching a property to null removes it; the generated types only allow strings.
    const removeKeep = { summary: 'Final', extendedProperties: { private: { keep: null, revision: '2' } } } as unknown as calendar_v3.Schema$Event;
    const { data: patched } = await api.events.patch({ calendarId: TEAM, eventId, requestBody: removeKeep });
    expect(patched).toMatchObject({ id: eventId, summary: 'Final', start: { date: '2030-01-20' }, extendedProperties: { private: { taskflowTaskId: 'task-9', revision: '2' } } });
    expect(patched.extendedProperties?.private).not.toHaveProperty('keep');
    expect((await api.events.get({ calendarId: TEAM, eventId })).data.summary).toBe('Final');

    expect((await api.events.delete({ calendarId: TEAM, eventId })).status).toBe(204);
    expect((await api.events.get({ calendarId: TEAM, eventId })).data.status).toBe('cancelled');
    await expect(api.events.delete({ calendarId: TEAM, eventId })).rejects.toMatchObject(apiError(410, 'deleted'));
    await expect(api.events.patch({ calendarId: TEAM, eventId: 'nosuchevent0', requestBody: { summary: 'x' } })).rejects.toMatchObject(
      apiError(404, 'notFound'),
    );
  });

  it('filters a full listing by private extended properties (all of them must match)', async () => {
    const window = { start: { dateTime: '2030-01-11T12:00:00Z' }, end: { dateTime: '2030-01-11T13:00:00Z' } };
    const tagged = (task: string, workspace: string) => ({ ...window, summary: task, extendedProperties: { private: { taskflowTaskId: task, taskflowWorkspaceId: workspace } } });
    const one = await api.events.insert({ calendarId: TEAM, requestBody: tagged('task-1', 'w1') });
    await api.events.insert({ calendarId: TEAM, requestBody: tagged('task-2', 'w1') });

    const byTask = await api.events.list({ calendarId: TEAM, privateExtendedProperty: ['taskflowTaskId=task-1'] });
    expect(byTask.data.items?.map((item) => item.id)).toEqual([one.data.id]);
    const byWorkspace = await api.events.list({ calendarId: TEAM, privateExtendedProperty: ['taskflowWorkspaceId=w1'] });
    expect(byWorkspace.data.items?.map((item) => item.summary).sort()).toEqual(['task-1', 'task-2']);
    const both = await api.events.list({ calendarId: TEAM, privateExtendedProperty: ['taskflowWorkspaceId=w1', 'taskflowTaskId=task-2'] });
    expect(both.data.items?.map((item) => item.summary)).toEqual(['task-2']);
  });

  it("answers injected failures with Google's error body; googleapis retries a 429 by itself", async () => {
    standIn.control.failNext(1, 429);
    await expect(api.calendarList.list({}, { retry: false })).rejects.toMatchObject({
      status: 429,
      response: { data: { error: { code: 429, errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }] } } },
    });
    expect((await api.calendarList.list()).data.items).toHaveLength(3);

    standIn.control.failNext(1, 429);
    const before = standIn.control.requests.length;
    expect((await api.calendarList.list()).data.items).toHaveLength(3);
    expect(requestsTo('/calendar/v3/users/me/calendarList', before).map((request) => request.status)).toEqual([429, 200]);

    standIn.control.failNext(1, 503);
    await expect(
      api.events.insert({ calendarId: TEAM, requestBody: { summary: 'x', start: { date: '2030-02-01' }, end: { date: '2030-02-02' } } }),
    ).rejects.toMatchObject(apiError(503, 'backendError'));

    // A failure for one method waits for a request of that method: reads pass it by.
    standIn.control.failNext(1, 500, 'POST');
    expect((await api.calendarList.list()).data.items).toHaveLength(3);
    await expect(
      api.events.insert({ calendarId: TEAM, requestBody: { summary: 'x', start: { date: '2030-02-01' }, end: { date: '2030-02-02' } } }, { retry: false }),
    ).rejects.toMatchObject(apiError(500, 'backendError'));
  });
});
