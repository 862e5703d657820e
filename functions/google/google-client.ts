import { createHash } from 'node:crypto';
import type { OAuth2Client } from 'google-auth-library/build/src/auth/oauth2client.js';
import { calendar_v3 } from 'googleapis/build/src/apis/calendar/v3.js';
import { oauth2_v2 } from 'googleapis/build/src/apis/oauth2/v2.js';
import * as z from 'zod/mini';
import { retrying } from '../lib/retry.js';
import { googleSettings } from './google-settings.js';

/**
 * The calls this app makes to Google (spec pages §7 google-calendar-auth / google-calendar-sync), through
 * the googleapis client. Only the Calendar v3 and OAuth2 v2 modules are imported, not the whole googleapis package
 * (which would put every Google API in the bundle), and google-auth-library's OAuth2 client alone, not its
 * index with every other kind of Google credential (the bundles also skip googleapis-common's index, which
 * loads that: infra/constructs/bundling.ts). Google's 429 and 5xx answers are retried with
 * exponential backoff by the client (gaxios), its throttling 403s by `call`; every insert carries an event id chosen here, so a retried
 * insert can never create a second event.
 */

/** Read-write events plus the calendar list, and who the account is. */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
  'openid',
  'email',
  'profile',
];

const RETRY = {
  retry: 3,
  retryDelay: 200,
  httpMethodsToRetry: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'POST', 'OPTIONS'],
  statusCodesToRetry: [
    [429, 429],
    [500, 599],
  ],
};

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

interface GaxiosLikeError {
  status?: number;
  response?: { status?: number; data?: unknown };
}

function statusOf(error: unknown): number | undefined {
  const candidate = error as GaxiosLikeError | null;
  return candidate?.response?.status ?? candidate?.status;
}

/** The Calendar API's error body, `{error: {errors: [{reason}]}}`, as far as its reason. */
const errorBody = z.object({ error: z.object({ errors: z.array(z.object({ reason: z.optional(z.string()) })) }) });
const reasonOf = (data: unknown): string | undefined => errorBody.safeParse(data).data?.error.errors[0]?.reason;

/** Google's own errors become the ones above; anything else (network) goes on as it is. */
function translate(error: unknown): never {
  const data = (error as GaxiosLikeError | null)?.response?.data;
  if (data && typeof data === 'object' && 'error' in data && (data as { error: unknown }).error === 'invalid_grant') throw new GoogleGrantRevokedError();
  const status = statusOf(error);
  if (status !== undefined) throw new GoogleApiError(status, error instanceof Error ? error.message : `Google answered ${status}`, reasonOf(data));
  throw error;
}

/**
 * Google throttles with 403 as well as 429, and asks for these two to be retried with a growing pause (the
 * client retries only 429 and 5xx by status; other 403s, such as a calendar the account may only read, are
 * final). Its quota reasons are not here: a spent daily quota does not come back within a retry.
 */
const THROTTLE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
/** A throttled request is tried three times in all, with backoff from 250 ms: at most 1.5 s of waiting (a sync waits on them). */
const THROTTLE_ATTEMPTS = 3;
const THROTTLE_BACKOFF_MS = 250;

const isThrottle = (error: unknown) => error instanceof GoogleApiError && error.status === 403 && error.reason !== undefined && THROTTLE_REASONS.has(error.reason);

function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  return retrying(async () => (await request().catch(translate)).data, isThrottle, THROTTLE_ATTEMPTS, THROTTLE_BACKOFF_MS);
}

async function oauthClient(refreshToken?: string) {
  const settings = googleSettings();
  const base = settings.endpointUrl;
  // Loaded here, not imported above: google-auth-library does not declare itself free of side effects, so a
  // static import would stay in every bundle that imports this module without calling Google (the
  // disconnect route only revokes: functions/google/revoke-grant.ts).
  const { OAuth2Client } = await import('google-auth-library/build/src/auth/oauth2client.js');
  const client = new OAuth2Client({
    clientId: settings.clientId,
    clientSecret: await settings.clientSecret(),
    redirectUri: settings.redirectUri,
    ...(base ? { endpoints: { oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`, oauth2TokenUrl: `${base}/token` } } : {}),
  });
  if (refreshToken) client.setCredentials({ refresh_token: refreshToken });
  return client;
}

const apiRoot = () => {
  const base = googleSettings().endpointUrl;
  return base ? { rootUrl: `${base}/` } : {};
};

/** The library types the method as its enum (declared in a module of its own); its value is 'S256'. */
const S256 = 'S256' as NonNullable<Parameters<OAuth2Client['generateAuthUrl']>[0]>['code_challenge_method'];

/**
 * Where the browser goes to grant access: offline (a refresh token) and always asking (so one is issued),
 * with a PKCE challenge (S256) whose verifier only the server holds: a code caught on its way back (a log, a
 * browser extension) is worth nothing without it.
 */
export async function authorizationUrl(state: string, codeVerifier: string): Promise<string> {
  return (await oauthClient()).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: true,
    scope: GOOGLE_SCOPES,
    state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: S256,
  });
}

export interface GoogleProfile {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly picture: string;
}

/** Trades the callback's code for tokens and reads who granted them. */
export async function exchangeCode(code: string, codeVerifier: string): Promise<{ refreshToken: string | null; profile: GoogleProfile }> {
  const client = await oauthClient();
  const { tokens } = await client.getToken({ code, codeVerifier }).catch(translate);
  client.setCredentials(tokens);
  const info = await call(() => new oauth2_v2.Oauth2({ auth: client, ...apiRoot() }).userinfo.get());
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

/** The Calendar v3 calls for one connected account. */
export async function calendarApiFor(refreshToken: string) {
  const api = new calendar_v3.Calendar({ auth: await oauthClient(refreshToken), retryConfig: RETRY, ...apiRoot() });
  return {
    async listCalendars(): Promise<GoogleCalendarEntry[]> {
      const entries: GoogleCalendarEntry[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call(() => api.calendarList.list({ maxResults: 250, pageToken }));
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
      const events: GoogleEvent[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const page = await call(() =>
          api.events.list({ calendarId, singleEvents: true, showDeleted: 'syncToken' in from, maxResults: 2500, pageToken, ...from }),
        ).catch((error: unknown) => {
          // 410 Gone on a list: the sync token is no longer honoured.
          throw error instanceof GoogleApiError && error.status === 410 ? new FullSyncRequiredError() : error;
        });
        events.push(...(page.items ?? []));
        pageToken = page.nextPageToken ?? undefined;
        if (!pageToken) {
          if (!page.nextSyncToken) throw new GoogleApiError(502, 'Google returned no sync token');
          return { events, nextSyncToken: page.nextSyncToken };
        }
      }
    },

    insertEvent: (calendarId: string, event: GoogleEvent) => call(() => api.events.insert({ calendarId, requestBody: event })),
    patchEvent: (calendarId: string, eventId: string, event: GoogleEvent) => call(() => api.events.patch({ calendarId, eventId, requestBody: event })),
    deleteEvent: (calendarId: string, eventId: string) => call(() => api.events.delete({ calendarId, eventId })),
  };
}

export type CalendarApi = Awaited<ReturnType<typeof calendarApiFor>>;
