import { createHash } from 'node:crypto';
import type { calendar_v3 } from 'googleapis/build/src/apis/calendar/index.js';
import * as z from 'zod/mini';
import { retrying } from '../lib/retry.js';
import { googleSettings } from './google-settings.js';

/**
 * The calls this app makes to Google (spec pages §7 google-calendar-auth / google-calendar-sync), as plain
 * `fetch` requests: OAuth 2.0 (consent URL, code exchange, refresh) and the few Calendar v3 and OAuth2 v2
 * calls below. The googleapis client did the same requests but brought google-auth-library, gaxios and their
 * dependencies, about 290 KB of every Google function's bundle (bench/README.md); only its types are used
 * here. Google's 429 and 5xx answers (and network failures) are retried with backoff by `send`, its
 * throttling 403s by `call`; every insert carries an event id chosen here, so a retried insert can never
 * create a second event.
 */

/** Read-write events plus the calendar list, and who the account is. */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
  'openid',
  'email',
  'profile',
];

/** Google's own hosts; GOOGLE_ENDPOINT_URL (the local stand-in) answers for all three. */
const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_API_ROOT = 'https://www.googleapis.com/';

function endpoints() {
  const base = googleSettings().endpointUrl;
  return base
    ? { auth: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, api: `${base}/` }
    : { auth: GOOGLE_AUTH_URL, token: GOOGLE_TOKEN_URL, api: GOOGLE_API_ROOT };
}

/** Google refused the stored grant: revoked by the user, expired, or the client was reset. */
export class GoogleGrantRevokedError extends Error {
  constructor() {
    super('The Google grant was revoked or has expired');
    this.name = 'GoogleGrantRevokedError';
  }
}

/** A sync token Google no longer honours (410 on a list): the calendar has to be read again in full. */
export class FullSyncRequiredError extends Error {
  constructor() {
    super('Google asked for a full sync');
    this.name = 'FullSyncRequiredError';
  }
}

/**
 * Google answered with this HTTP status (after the retries), e.g. 404 for an event or calendar that is gone;
 * `reason` is Google's own (`errors[0].reason`: 'requiredAccessLevel', 'rateLimitExceeded'…) when it gave one.
 */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

/**
 * Google's error bodies: the APIs' `{error: {message, errors: [{reason}]}}` and the token endpoint's
 * `{error, error_description}`, as far as this app reads them.
 */
const apiErrorBody = z.object({
  error: z.object({ message: z.optional(z.string()), errors: z.optional(z.array(z.object({ reason: z.optional(z.string()) }))) }),
});
const oauthErrorBody = z.object({ error: z.string(), error_description: z.optional(z.string()) });

/** A refused grant (invalid_grant from the token endpoint) or Google's status with its message and reason. */
function refusal(status: number, body: unknown): Error {
  const oauth = oauthErrorBody.safeParse(body).data;
  if (oauth?.error === 'invalid_grant') return new GoogleGrantRevokedError();
  const api = apiErrorBody.safeParse(body).data?.error;
  return new GoogleApiError(status, api?.message ?? oauth?.error_description ?? oauth?.error ?? `Google answered ${status}`, api?.errors?.[0]?.reason);
}

/** Tried four times in all, as the googleapis client was configured: 429, 5xx and network failures may pass. */
const SEND_ATTEMPTS = 4;
const SEND_BACKOFF_MS = 200;
const mayPass = (error: unknown) => (error instanceof GoogleApiError ? error.status === 429 || error.status >= 500 : !(error instanceof GoogleGrantRevokedError));

/** One request to Google, its JSON answer back (undefined when it has no body, as a delete's 204). */
function send(url: string, init: RequestInit): Promise<unknown> {
  return retrying(
    async () => {
      const response = await fetch(url, init);
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        body = text;
      }
      if (!response.ok) throw refusal(response.status, body);
      return body;
    },
    mayPass,
    SEND_ATTEMPTS,
    SEND_BACKOFF_MS,
  );
}

/**
 * Google throttles with 403 as well as 429, and asks for these two to be retried with a growing pause (`send`
 * retries only 429 and 5xx by status; other 403s, such as a calendar the account may only read, are final).
 * Its quota reasons are not here: a spent daily quota does not come back within a retry.
 */
const THROTTLE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
/** A throttled request is tried three times in all, with backoff from 250 ms: at most 1.5 s of waiting (a sync waits on them). */
const THROTTLE_ATTEMPTS = 3;
const THROTTLE_BACKOFF_MS = 250;

const isThrottle = (error: unknown) => error instanceof GoogleApiError && error.status === 403 && error.reason !== undefined && THROTTLE_REASONS.has(error.reason);

/** An API call as the holder of `accessToken` (asked for each try, so a refreshed token is used). */
function call<T>(accessToken: () => Promise<string>, method: string, url: string, body?: unknown): Promise<T> {
  return retrying(
    async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      // Google's answers are taken as its documented shapes, as the googleapis client took them.
      return (await send(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })) as T;
    },
    isThrottle,
    THROTTLE_ATTEMPTS,
    THROTTLE_BACKOFF_MS,
  );
}

const tokenAnswer = z.object({
  access_token: z.string(),
  expires_in: z.optional(z.number()),
  refresh_token: z.optional(z.string()),
});
type TokenAnswer = z.infer<typeof tokenAnswer>;

/** A POST to the token endpoint with the client's id and secret in the form (ClientSecretPost, as the library did). */
async function requestTokens(grant: Record<string, string>): Promise<TokenAnswer> {
  const settings = googleSettings();
  const form = new URLSearchParams({ ...grant, client_id: settings.clientId, client_secret: await settings.clientSecret() });
  const answer = tokenAnswer.safeParse(
    await send(endpoints().token, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
  );
  if (!answer.success) throw new GoogleApiError(502, 'Google returned no access token');
  return answer.data;
}

/** An access token is renewed this long before it expires, as google-auth-library did, so no call meets an expired one. */
const EAGER_REFRESH_MS = 5 * 60_000;

/** The account's access token, refreshed from its refresh token on first use and when it nears its end. */
function accessTokenFor(refreshToken: string): () => Promise<string> {
  let held: { readonly token: string; readonly expiresAt: number } | undefined;
  let refreshing: Promise<{ readonly token: string; readonly expiresAt: number }> | undefined;
  return async () => {
    if (held && held.expiresAt - EAGER_REFRESH_MS > Date.now()) return held.token;
    // Calls made side by side share one refresh.
    refreshing ??= requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken })
      .then((answer) => ({ token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 0) * 1000 }))
      .finally(() => {
        refreshing = undefined;
      });
    held = await refreshing;
    return held.token;
  };
}

/**
 * Where the browser goes to grant access: offline (a refresh token) and always asking (so one is issued),
 * with a PKCE challenge (S256) whose verifier only the server holds: a code caught on its way back (a log, a
 * browser extension) is worth nothing without it.
 */
export function authorizationUrl(state: string, codeVerifier: string): string {
  const settings = googleSettings();
  const query = new URLSearchParams({
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    scope: GOOGLE_SCOPES.join(' '),
    state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
  });
  return `${endpoints().auth}?${query.toString()}`;
}

export interface GoogleProfile {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly picture: string;
}

/** OAuth2 v2 userinfo, as far as this app reads it. */
interface UserInfo {
  readonly id?: string;
  readonly email?: string;
  readonly name?: string;
  readonly picture?: string;
}

/** Trades the callback's code for tokens and reads who granted them. */
export async function exchangeCode(code: string, codeVerifier: string): Promise<{ refreshToken: string | null; profile: GoogleProfile }> {
  const tokens = await requestTokens({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: googleSettings().redirectUri });
  const info = await call<UserInfo>(() => Promise.resolve(tokens.access_token), 'GET', `${endpoints().api}oauth2/v2/userinfo`);
  if (!info.id || !info.email) throw new GoogleApiError(502, 'Google returned no account id or e-mail');
  return {
    refreshToken: tokens.refresh_token ?? null,
    profile: { id: info.id, email: info.email, name: info.name ?? info.email, picture: info.picture ?? '' },
  };
}

export type GoogleEvent = calendar_v3.Schema$Event;
export type GoogleCalendarEntry = calendar_v3.Schema$CalendarListEntry;

export interface EventsPage {
  readonly events: GoogleEvent[];
  readonly nextSyncToken: string;
}

/** A query string of the parameters given (undefined ones left out). */
function queryOf(parameters: Record<string, string | number | boolean | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) query.set(name, String(value));
  return query.toString();
}

/** The Calendar v3 calls for one connected account. */
export function calendarApiFor(refreshToken: string) {
  const accessToken = accessTokenFor(refreshToken);
  const root = `${endpoints().api}calendar/v3`;
  const events = (calendarId: string) => `${root}/calendars/${encodeURIComponent(calendarId)}/events`;
  const event = (calendarId: string, eventId: string) => `${events(calendarId)}/${encodeURIComponent(eventId)}`;
  return {
    async listCalendars(): Promise<GoogleCalendarEntry[]> {
      const entries: GoogleCalendarEntry[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<calendar_v3.Schema$CalendarList>(accessToken, 'GET', `${root}/users/me/calendarList?${queryOf({ maxResults: 250, pageToken })}`);
        entries.push(...(page.items ?? []));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return entries;
    },

    /**
     * Every change since `syncToken`, or (without one) every event of the window; either way read to the
     * end, with the token for next time. A token Google has dropped throws FullSyncRequiredError.
     */
    async listEvents(calendarId: string, from: { syncToken: string } | { timeMin: string; timeMax: string }): Promise<EventsPage> {
      const found: GoogleEvent[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const query = queryOf({ singleEvents: true, showDeleted: 'syncToken' in from, maxResults: 2500, pageToken, ...from });
        const page = await call<calendar_v3.Schema$Events>(accessToken, 'GET', `${events(calendarId)}?${query}`).catch((error: unknown) => {
          // 410 Gone on a list: the sync token is no longer honoured.
          throw error instanceof GoogleApiError && error.status === 410 ? new FullSyncRequiredError() : error;
        });
        found.push(...(page.items ?? []));
        pageToken = page.nextPageToken ?? undefined;
        if (!pageToken) {
          if (!page.nextSyncToken) throw new GoogleApiError(502, 'Google returned no sync token');
          return { events: found, nextSyncToken: page.nextSyncToken };
        }
      }
    },

    insertEvent: (calendarId: string, body: GoogleEvent) => call<GoogleEvent>(accessToken, 'POST', events(calendarId), body),
    patchEvent: (calendarId: string, eventId: string, body: GoogleEvent) => call<GoogleEvent>(accessToken, 'PATCH', event(calendarId, eventId), body),
    deleteEvent: (calendarId: string, eventId: string) => call<undefined>(accessToken, 'DELETE', event(calendarId, eventId)),
  };
}

export type CalendarApi = ReturnType<typeof calendarApiFor>;
