/**
 * A local stand-in for Google's OAuth 2.0 endpoints (accounts.google.com, oauth2.googleapis.com) and the
 * parts of www.googleapis.com the app calls (Calendar v3, OAuth2 v2 userinfo). The handlers' own
 * google-auth-library and googleapis clients, and their revocation POST, are pointed here by configuration only:
 *
 *   new OAuth2Client({ …, endpoints: { oauth2AuthBaseUrl: `${url}/o/oauth2/v2/auth`, oauth2TokenUrl: `${url}/token` } })
 *   calendar({ version: 'v3', auth, rootUrl: `${url}/` }), oauth2({ version: 'v2', auth, rootUrl: `${url}/` })
 *   fetch(`${url}/revoke`, { method: 'POST', body: token form })
 *
 * so the code that runs in AWS runs unchanged on one machine, offline, against three seeded test accounts.
 * It copies Google's wire behaviour where the clients depend on it (form-encoded token requests, the
 * token passed to /revoke in a form or the query string, `{error, error_description}` from the token endpoint and
 * `{error:{code, message, errors:[…]}}` from the APIs, 410 for a stale sync token) and Google's rules that
 * catch real bugs (event ids in base32hex, scopes per API, a refresh token only on first consent unless
 * prompt=consent). State lives in memory per instance; `control` lets tests change the world "from
 * outside" and inject Google's failures.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { zoneOffsetMs } from '../shared/rules/calendar-date.js';
import { isValidTimeZone } from '../shared/rules/time-zones.js';
import { LocalStackError } from './log.js';
import { refusedByGuard, type LocalRequestGuard } from './request-guard.js';

// ---------------------------------------------------------------------------------------------------------
// Public API

export interface GoogleStandInOptions {
  /** 0 picks any free port; the stand-in's `url` tells which. */
  port: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** The clock for seed data, token and code lifetimes and timestamps; tests pin it. */
  now?: () => Date;
  /** One line per request (`GET /token 200 3ms`), for the local stack's log. */
  onRequest?: (line: string) => void;
  /**
   * Where grants (refresh tokens) are kept between runs, so accounts connected before `npm start` was
   * restarted still work. Events are not kept: every start seeds them afresh (sync tokens then answer 410).
   */
  grantsFile?: string;
  /** Refuses requests from web pages other than the app, and to names other than loopback (request-guard.ts). */
  guard?: LocalRequestGuard;
  /** When set, /_control/ operations need it in the `x-control-secret` header (the local stack's per-start secret). */
  controlSecret?: string;
}

export const LOCAL_GOOGLE_CLIENT = { clientId: 'taskflow-local-client', clientSecret: 'taskflow-local-secret' } as const;

/** What the account may do with a calendar, as calendarList's `accessRole` says. */
export type CalendarAccessRole = 'owner' | 'writer' | 'reader' | 'freeBusyReader';

export interface TestCalendar {
  readonly id: string;
  readonly summary: string;
  readonly description?: string;
  readonly backgroundColor: string;
  readonly primary: boolean;
  /** 'owner' when left out; a 'reader' calendar (holidays, a colleague's shared view) refuses writes with 403. */
  readonly accessRole?: CalendarAccessRole;
}

export interface TestAccount {
  /** Google's stable account id (the `sub`), as userinfo answers it. */
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly calendars: readonly TestCalendar[];
}

export interface EventDateTime {
  /** An all-day event's day, `YYYY-MM-DD` (the end day is exclusive). */
  date?: string;
  /** RFC 3339; without an offset it is wall-clock time in `timeZone`. */
  dateTime?: string;
  timeZone?: string;
}

export type EventStatus = 'confirmed' | 'tentative' | 'cancelled';

export interface CalendarEvent {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: EventStatus;
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  creator: { email: string; self: true };
  organizer: { email: string; displayName?: string; self: true };
  start: EventDateTime;
  end: EventDateTime;
  iCalUID: string;
  sequence: number;
  extendedProperties?: { private: Record<string, string> };
  eventType: 'default';
}

/** What the Calendar API's insert accepts (a patch sends any subset). */
export interface EventInput {
  /** Client-chosen id: 5–1024 characters of base32hex (a–v, 0–9), as Google requires. */
  id?: string;
  status?: 'confirmed' | 'tentative';
  summary?: string;
  description?: string;
  location?: string;
  start: EventDateTime;
  end: EventDateTime;
  extendedProperties?: { private?: Record<string, string> };
}

export interface RecordedRequest {
  readonly method: string;
  /** The decoded path, e.g. `/calendar/v3/calendars/alex@example.test/events`. */
  readonly path: string;
  /** The status answered (set before the answer is written). */
  readonly status?: number;
}

export type InjectedFailureStatus = 403 | 429 | 500 | 503;

/** An injected failure answers only requests of this method when one is given (e.g. 'POST': inserts only). */
export interface InjectedFailure {
  readonly status: InjectedFailureStatus;
  readonly method?: string;
}

export interface StandInControl {
  readonly testAccounts: readonly TestAccount[];
  /** Every sync token issued so far answers 410 (fullSyncRequired) from now on. */
  expireSyncTokens(): void;
  /**
   * The next `times` Calendar API requests (of `method` only, when given) answer `status` with Google's
   * error body (adds to any pending).
   */
  failNext(times: number, status: InjectedFailureStatus, method?: string): void;
  /**
   * The calendar's owner changes how it is shared with the test account: its calendarList entry says the
   * new role, writes need 'writer' or 'owner', and 'none' (no longer shared) hides it and answers 404.
   */
  setAccessRole(calendarId: string, role: CalendarAccessRole | 'none'): void;
  /** The account removes the app's access: its refresh tokens answer invalid_grant, its access tokens 401. */
  revokeGrants(email: string): void;
  /**
   * A new Google account with a primary calendar of its own (`<slug>.<n>@example.test`), on the consent page
   * from now on until the stand-in stops: for tests that must know nobody else connected it.
   */
  addAccount(name: string): TestAccount;
  /** The calendar's events as stored, cancelled ones included. */
  events(calendarId: string): CalendarEvent[];
  /** Changes made "from outside" (another device); they show up in the next incremental sync. */
  insertEvent(calendarId: string, event: EventInput): CalendarEvent;
  patchEvent(calendarId: string, eventId: string, patch: Partial<EventInput>): CalendarEvent;
  deleteEvent(calendarId: string, eventId: string): void;
  /** Every request received, in order (a live array). */
  readonly requests: readonly RecordedRequest[];
  /** The tokens revoked through POST /revoke, in order. */
  revokedTokens(): string[];
}

export interface GoogleStandIn {
  readonly url: string;
  close(): Promise<void>;
  readonly control: StandInControl;
}

// ---------------------------------------------------------------------------------------------------------
// Test accounts and seed events

export const TEST_ACCOUNTS: readonly TestAccount[] = [
  {
    id: '104729000000000000001',
    email: 'alex@example.test',
    name: 'Alex Rivera',
    givenName: 'Alex',
    familyName: 'Rivera',
    calendars: [
      { id: 'alex@example.test', summary: 'alex@example.test', backgroundColor: '#3B82F6', primary: true },
      {
        id: 'c_alex_team_meetings@group.calendar.example.test',
        summary: 'Team Meetings',
        description: 'Recurring rituals and reviews of the product team',
        backgroundColor: '#10B981',
        primary: false,
      },
      // Subscribed, as Google's holiday calendars are: readable, never writable. Its id holds a '#', as theirs do.
      { id: 'en.usa#holiday@group.v.calendar.example.test', summary: 'Holidays', backgroundColor: '#0B8043', primary: false, accessRole: 'reader' },
    ],
  },
  {
    id: '104729000000000000002',
    email: 'sam@example.test',
    name: 'Sam Lee',
    givenName: 'Sam',
    familyName: 'Lee',
    calendars: [{ id: 'sam@example.test', summary: 'sam@example.test', backgroundColor: '#3B82F6', primary: true }],
  },
  {
    id: '104729000000000000003',
    email: 'jordan@example.test',
    name: 'Jordan Park',
    givenName: 'Jordan',
    familyName: 'Park',
    calendars: [
      { id: 'jordan@example.test', summary: 'jordan@example.test', backgroundColor: '#3B82F6', primary: true },
      { id: 'c_jordan_personal@group.calendar.example.test', summary: 'Personal', backgroundColor: '#F59E0B', primary: false },
    ],
  },
];

/** A day relative to today (UTC): a number of calendar days, or the nth working day after today. */
type SeedDay = number | { readonly workday: number };

interface SeedEvent {
  readonly summary: string;
  readonly day: SeedDay;
  /** `HH:MM` UTC; absent for an all-day event. */
  readonly at?: string;
  readonly minutes?: number;
  readonly description?: string;
}

const timed = (summary: string, day: SeedDay, at: string, minutes: number, description?: string): SeedEvent => ({
  summary,
  day,
  at,
  minutes,
  description,
});
const allDay = (summary: string, day: SeedDay, description?: string): SeedEvent => ({ summary, day, description });
const standups = (count: number): SeedEvent[] =>
  Array.from({ length: count }, (_, index) => timed('Daily standup', { workday: index + 1 }, '10:00', 15));

/** Each calendar: some past events, the next two weeks at working hours, an all-day event, 60+ and 200 days out. */
const SEED_EVENTS: Readonly<Record<string, readonly SeedEvent[]>> = {
  'alex@example.test': [
    timed('Quarterly business review', -20, '16:00', 60),
    timed('1:1 with Sam', -6, '15:00', 30),
    ...standups(4),
    timed('Sprint planning', { workday: 1 }, '13:00', 60, 'Pick the stories for the next two weeks.'),
    timed('Design review', { workday: 3 }, '14:00', 120, 'Walk through the new task board layouts.'),
    allDay('Company offsite', { workday: 7 }),
    timed('Conference talk: Shipping calmly', 65, '09:00', 90),
    timed('Annual planning kickoff', 200, '10:00', 120),
  ],
  'c_alex_team_meetings@group.calendar.example.test': [
    timed('Team retro', -9, '15:00', 60),
    timed('Architecture sync', { workday: 2 }, '11:00', 45),
    timed('Release readiness', { workday: 5 }, '16:00', 30),
    allDay('Hack day', { workday: 8 }),
    timed('Roadmap review', 75, '14:00', 60),
    timed('Team summit', 200, '09:00', 240),
  ],
  'en.usa#holiday@group.v.calendar.example.test': [allDay('Founders Day', 12), allDay('Harvest Festival', 45)],
  'sam@example.test': [
    timed('Onboarding: new hire', -25, '09:30', 120),
    timed('Code review session', -3, '13:00', 60),
    ...standups(3),
    timed('Customer call: Northwind', { workday: 2 }, '15:00', 60),
    allDay('Out of office', { workday: 6 }),
    timed('Security training', 62, '11:00', 90),
    timed('Sabbatical planning', 200, '10:00', 60),
  ],
  'jordan@example.test': [
    timed('Hiring debrief', -12, '14:00', 45),
    ...standups(2),
    timed('Design critique', { workday: 2 }, '13:30', 60),
    timed('Usability test', { workday: 4 }, '10:30', 90),
    allDay('Research day', { workday: 5 }),
    timed('Design systems meetup', 70, '17:00', 120),
    timed('Annual review', 200, '15:00', 60),
  ],
  'c_jordan_personal@group.calendar.example.test': [
    timed('Dentist', -4, '08:00', 45),
    timed('Gym', { workday: 1 }, '07:00', 60),
    timed('Piano lesson', { workday: 3 }, '18:00', 45),
    allDay("Mum's birthday", 9),
    allDay('Hiking trip', 80),
    timed('Passport renewal', 200, '09:00', 30),
  ],
};

// ---------------------------------------------------------------------------------------------------------
// Errors, in the three shapes Google answers with

/** What part of the request an API error points at (its `location` and `locationType`). */
interface ErrorLocation {
  readonly type: 'header' | 'parameter';
  readonly name: string;
}

/** A Calendar / userinfo error: `{error:{code, message, errors:[{domain, reason, message}]}}`. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly details: { domain?: string; location?: ErrorLocation; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  reply(): Reply {
    const { domain = 'global', location, headers } = this.details;
    const item = { domain, reason: this.reason, message: this.message, ...(location ? { locationType: location.type, location: location.name } : {}) };
    return jsonReply(this.status, { error: { code: this.status, message: this.message, errors: [item] } }, headers);
  }
}

/** The token and revoke endpoints' error: `{error, error_description}` (gaxios makes `error` the message). */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.name = 'OAuthError';
  }
}

/** An error in the browser part of the flow: Google shows a page, as the redirect cannot be trusted. */
class PageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

const badRequest = (reason: string, message: string, parameter?: string): ApiError =>
  new ApiError(400, reason, message, parameter ? { location: { type: 'parameter', name: parameter } } : {});
const notFound = (): ApiError => new ApiError(404, 'notFound', 'Not Found');
const insufficientScopes = (): ApiError => new ApiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');

const INJECTED_FAILURES: Record<InjectedFailureStatus, { domain: string; reason: string; message: string }> = {
  // Google also throttles with 403: only its reason tells it from missing rights.
  403: { domain: 'usageLimits', reason: 'userRateLimitExceeded', message: 'User Rate Limit Exceeded' },
  429: { domain: 'usageLimits', reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' },
  500: { domain: 'global', reason: 'backendError', message: 'Backend Error' },
  503: { domain: 'global', reason: 'backendError', message: 'The service is currently unavailable.' },
};

// ---------------------------------------------------------------------------------------------------------
// Time

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const CODE_LIFETIME_MS = 10 * MINUTE_MS;
const ACCESS_TOKEN_LIFETIME_S = 3600;

/** Google writes times without milliseconds: 2030-01-08T10:00:00Z. */
const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const startOfUtcDay = (ms: number): number => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** Midnight UTC of a valid `YYYY-MM-DD`, else undefined (2030-02-30 is not a day). */
function parseDate(text: string): number | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDate(ms) === text ? ms : undefined;
}

/** An RFC 3339 date-time as an instant; one without an offset is read as wall-clock time in `timeZone`. */
function parseDateTime(text: string, timeZone: string | undefined): number | undefined {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match) return undefined;
  if (match[7]) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (!timeZone) return undefined;
  const wallClock = Date.parse(`${text}Z`);
  if (Number.isNaN(wallClock)) return undefined;
  // Two passes settle the offset across a daylight-saving change.
  const guess = wallClock - zoneOffsetMs(new Date(wallClock), timeZone);
  return wallClock - zoneOffsetMs(new Date(guess), timeZone);
}

/** The working-day offset: { workday: 1 } is the first Monday–Friday after today. */
function dayOffset(day: SeedDay, today: number): number {
  if (typeof day === 'number') return day;
  let offset = 0;
  for (let found = 0; found < day.workday; ) {
    offset += 1;
    const weekday = new Date(today + offset * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) found += 1;
  }
  return offset;
}

function seedTimes(seed: SeedEvent, now: number): { start: EventDateTime; end: EventDateTime } {
  const today = startOfUtcDay(now);
  const day = today + dayOffset(seed.day, today) * DAY_MS;
  if (seed.at === undefined) return { start: { date: isoDate(day) }, end: { date: isoDate(day + DAY_MS) } };
  const [hours = 0, minutes = 0] = seed.at.split(':').map(Number);
  const start = day + (hours * 60 + minutes) * MINUTE_MS;
  const end = start + (seed.minutes ?? 60) * MINUTE_MS;
  return { start: { dateTime: rfc3339(start), timeZone: 'UTC' }, end: { dateTime: rfc3339(end), timeZone: 'UTC' } };
}

// ---------------------------------------------------------------------------------------------------------
// Event input validation (the Calendar API's rules for start, end, ids and properties)

interface EventFields {
  status: EventStatus;
  summary?: string;
  description?: string;
  location?: string;
  start?: EventDateTime;
  end?: EventDateTime;
  privateProperties?: Record<string, string>;
}

const TEXT_FIELDS = ['summary', 'description', 'location'] as const;
const EVENT_ID_PATTERN = /^[a-v0-9]{5,1024}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const invalidValue = (field: string): ApiError => badRequest('invalid', `Invalid value for: ${field}`);

function readEventId(value: unknown): string {
  if (value === undefined || value === null) return randomUUID().replaceAll('-', ''); // hex is base32hex
  if (typeof value !== 'string' || !EVENT_ID_PATTERN.test(value)) throw badRequest('invalid', 'Invalid resource id value.');
  return value;
}

function readDateTime(value: unknown, which: 'start' | 'end'): EventDateTime {
  if (!isRecord(value)) throw invalidValue(which);
  const result: EventDateTime = {};
  for (const key of ['date', 'dateTime', 'timeZone'] as const) {
    const field = value[key];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string') throw invalidValue(`${which}.${key}`);
    result[key] = field;
  }
  return result;
}

/** `extendedProperties.private`: replaced on insert/update, merged on patch (a null value removes a key). */
function readPrivateProperties(value: unknown, current: Record<string, string> | undefined, merge: boolean): Record<string, string> | undefined {
  if (value === null) return undefined;
  if (!isRecord(value)) throw invalidValue('extendedProperties');
  if (!('private' in value)) return merge ? current : undefined;
  if (value.private === null) return undefined;
  if (!isRecord(value.private)) throw invalidValue('extendedProperties.private');
  const properties = new Map(Object.entries(merge ? (current ?? {}) : {}));
  for (const [key, property] of Object.entries(value.private)) {
    if (property === null) properties.delete(key);
    else if (typeof property === 'string') properties.set(key, property);
    else throw invalidValue(`extendedProperties.private.${key}`);
  }
  return properties.size > 0 ? Object.fromEntries(properties) : undefined;
}

/** A request body applied over `base`: patch merges, insert and update replace. */
function applyEventInput(body: unknown, base: EventFields, mode: 'merge' | 'replace'): EventFields {
  if (!isRecord(body)) throw badRequest('parseError', 'Parse Error');
  const fields: EventFields = { ...base };
  for (const key of TEXT_FIELDS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value !== null && typeof value !== 'string') throw invalidValue(key);
    fields[key] = value ?? undefined;
  }
  if ('status' in body) {
    if (body.status !== 'confirmed' && body.status !== 'tentative') throw invalidValue('status');
    fields.status = body.status;
  }
  if ('start' in body) fields.start = readDateTime(body.start, 'start');
  if ('end' in body) fields.end = readDateTime(body.end, 'end');
  if ('extendedProperties' in body || mode === 'replace') {
    const value = 'extendedProperties' in body ? body.extendedProperties : {};
    fields.privateProperties = readPrivateProperties(value, base.privateProperties, mode === 'merge');
  }
  return fields;
}

function instantOf(time: EventDateTime | undefined, which: 'start' | 'end'): number {
  if (!time || (time.date === undefined && time.dateTime === undefined)) throw badRequest('required', `Missing ${which} time.`);
  if (time.timeZone !== undefined && !isValidTimeZone(time.timeZone)) throw badRequest('invalid', `Invalid time zone definition for ${which} time.`);
  if (time.date !== undefined && time.dateTime !== undefined) throw badRequest('invalid', `Invalid ${which} time.`);
  const ms = time.date !== undefined ? parseDate(time.date) : parseDateTime(time.dateTime ?? '', time.timeZone);
  if (ms === undefined) throw badRequest('invalid', `Invalid ${which} time.`);
  return ms;
}

/** The event's [start, end) as instants; Google's 400s for missing, mixed or empty ranges. */
function eventSpan(fields: EventFields): { startMs: number; endMs: number } {
  const startMs = instantOf(fields.start, 'start');
  const endMs = instantOf(fields.end, 'end');
  if ((fields.start?.date === undefined) !== (fields.end?.date === undefined)) {
    throw badRequest('invalid', 'Start and end times must either both be date or both be dateTime.');
  }
  if (endMs <= startMs) throw badRequest('timeRangeEmpty', 'The specified time range is empty.');
  return { startMs, endMs };
}

function fieldsOf(event: CalendarEvent): EventFields {
  const { status, summary, description, location, start, end } = event;
  return { status, summary, description, location, start, end, privateProperties: event.extendedProperties?.private };
}

// ---------------------------------------------------------------------------------------------------------
// OAuth: authorization codes, grants, access and refresh tokens

const AUTH_SCOPE = 'https://www.googleapis.com/auth/';
const EMAIL_SCOPE = `${AUTH_SCOPE}userinfo.email`;
const PROFILE_SCOPE = `${AUTH_SCOPE}userinfo.profile`;
const scopes = (...names: string[]): string[] => names.map((name) => AUTH_SCOPE + name);
const CALENDAR_LIST_READ = scopes('calendar', 'calendar.readonly', 'calendar.calendarlist', 'calendar.calendarlist.readonly');
const EVENTS_READ = scopes('calendar', 'calendar.readonly', 'calendar.events', 'calendar.events.readonly', 'calendar.events.owned', 'calendar.events.owned.readonly');
const EVENTS_WRITE = scopes('calendar', 'calendar.events', 'calendar.events.owned');

/** Google reports `email` and `profile` back under their full names. */
const normalizeScope = (scope: string): string => (scope === 'email' ? EMAIL_SCOPE : scope === 'profile' ? PROFILE_SCOPE : scope);

const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: 'Associate you with your personal info on Google',
  [EMAIL_SCOPE]: 'See your primary Google Account email address',
  [PROFILE_SCOPE]: 'See your personal info, including any personal info you’ve made publicly available',
  [`${AUTH_SCOPE}calendar`]: 'See, edit, share, and permanently delete all the calendars you can access using Google Calendar',
  [`${AUTH_SCOPE}calendar.readonly`]: 'See and download any calendar you can access using your Google Calendar',
  [`${AUTH_SCOPE}calendar.events`]: 'View and edit events on all your calendars',
  [`${AUTH_SCOPE}calendar.events.readonly`]: 'View events on all your calendars',
};

/** The parameters carried from the consent page to the approval, as hidden inputs. */
const CARRIED_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'access_type',
  'prompt',
  'include_granted_scopes',
  'login_hint',
  'code_challenge',
  'code_challenge_method',
] as const;

interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly state?: string;
  readonly offline: boolean;
  readonly forceConsent: boolean;
  readonly codeChallenge?: { readonly value: string; readonly method: 'S256' | 'plain' };
  readonly carried: URLSearchParams;
}

interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

function isRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '';
  } catch {
    return false;
  }
}

/** The authorization request of /o/oauth2/v2/auth, checked again on approval (the form can be edited). */
function readAuthorizationRequest(client: ClientCredentials, query: URLSearchParams): AuthorizationRequest {
  const clientId = query.get('client_id');
  if (!clientId) throw new PageError(400, 'invalid_request', 'Missing required parameter: client_id');
  if (clientId !== client.clientId) throw new PageError(400, 'invalid_client', `The OAuth client was not found: ${clientId}`);
  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) throw new PageError(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  if (!isRedirectUri(redirectUri)) throw new PageError(400, 'invalid_request', `Invalid parameter value for redirect_uri: ${redirectUri}`);
  if (query.get('response_type') !== 'code') {
    throw new PageError(400, 'unsupported_response_type', `Unsupported response type: ${query.get('response_type') ?? '(none)'}`);
  }
  const requested = [...new Set((query.get('scope') ?? '').split(/\s+/).filter(Boolean).map(normalizeScope))];
  if (requested.length === 0) throw new PageError(400, 'invalid_request', 'Missing required parameter: scope');
  const challenge = query.get('code_challenge');
  const method = query.get('code_challenge_method') ?? 'plain';
  if (challenge && method !== 'S256' && method !== 'plain') throw new PageError(400, 'invalid_request', `Invalid code_challenge_method: ${method}`);
  const carried = new URLSearchParams();
  for (const name of CARRIED_PARAMETERS) {
    const value = query.get(name);
    if (value !== null) carried.set(name, value);
  }
  return {
    clientId,
    redirectUri,
    scopes: requested,
    state: query.get('state') ?? undefined,
    offline: query.get('access_type') === 'offline',
    forceConsent: (query.get('prompt') ?? '').split(' ').includes('consent'),
    codeChallenge: challenge ? { value: challenge, method: method === 'S256' ? 'S256' : 'plain' } : undefined,
    carried,
  };
}

interface Grant {
  readonly clientId: string;
  readonly account: TestAccount;
  readonly scopes: readonly string[];
  readonly refreshToken?: string;
  revoked: boolean;
}

interface IssuedCode {
  readonly request: AuthorizationRequest;
  readonly account: TestAccount;
  readonly expiresAt: number;
}

interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  refresh_token?: string;
}

const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

const LOCATION_AUTHORIZATION: ErrorLocation = { type: 'header', name: 'Authorization' };

class OAuthService {
  readonly #codes = new Map<string, IssuedCode>();
  readonly #grants: Grant[] = [];
  readonly #refreshTokens = new Map<string, Grant>();
  readonly #accessTokens = new Map<string, { readonly grant: Grant; readonly expiresAt: number }>();
  readonly #revoked: string[] = [];

  constructor(
    private readonly now: () => number,
    private readonly grantsFile?: string,
    accounts: readonly TestAccount[] = [],
  ) {
    for (const grant of this.#loadGrants(accounts)) {
      this.#grants.push(grant);
      if (grant.refreshToken) this.#refreshTokens.set(grant.refreshToken, grant);
    }
  }

  #loadGrants(accounts: readonly TestAccount[]): Grant[] {
    if (!this.grantsFile) return [];
    let saved: unknown;
    try {
      saved = JSON.parse(readFileSync(this.grantsFile, 'utf8'));
    } catch {
      return []; // none yet, or unreadable: start without
    }
    if (!Array.isArray(saved)) return [];
    return saved.flatMap((entry: { clientId?: unknown; email?: unknown; scopes?: unknown; refreshToken?: unknown; revoked?: unknown }): Grant[] => {
      const account = accounts.find((candidate) => candidate.email === entry.email);
      if (!account || typeof entry.clientId !== 'string' || typeof entry.refreshToken !== 'string' || !Array.isArray(entry.scopes)) return [];
      return [{ clientId: entry.clientId, account, scopes: entry.scopes.map(String), refreshToken: entry.refreshToken, revoked: entry.revoked === true }];
    });
  }

  /** Keeps the grants with a refresh token, for the next start. */
  #saveGrants(): void {
    if (!this.grantsFile) return;
    const grants = this.#grants
      .filter((grant) => grant.refreshToken)
      .map(({ clientId, account, scopes, refreshToken, revoked }) => ({ clientId, email: account.email, scopes, refreshToken, revoked }));
    mkdirSync(path.dirname(this.grantsFile), { recursive: true });
    writeFileSync(this.grantsFile, JSON.stringify(grants), { mode: 0o600 });
  }

  issueCode(request: AuthorizationRequest, account: TestAccount): string {
    const code = `4/local-${randomToken()}`;
    this.#codes.set(code, { request, account, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  exchangeCode(clientId: string, form: URLSearchParams): TokenResponse {
    const code = form.get('code');
    if (!code) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: code');
    const issued = this.#codes.get(code);
    this.#codes.delete(code); // one use: a replayed code fails, as at Google
    if (!issued || issued.expiresAt <= this.now() || issued.request.clientId !== clientId) {
      throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
    }
    const { request, account } = issued;
    if (form.get('redirect_uri') !== request.redirectUri) throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    checkCodeVerifier(request, form.get('code_verifier'));
    // Google issues a refresh token on first consent only, unless prompt=consent asks again.
    const withRefreshToken = request.offline && (request.forceConsent || !this.#hasOfflineGrant(clientId, account));
    const grant: Grant = {
      clientId,
      account,
      scopes: request.scopes,
      revoked: false,
      ...(withRefreshToken ? { refreshToken: `1//local-${randomToken(32)}` } : {}),
    };
    this.#grants.push(grant);
    if (grant.refreshToken) this.#refreshTokens.set(grant.refreshToken, grant);
    this.#saveGrants();
    return { ...this.#accessTokenFor(grant), ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}) };
  }

  refresh(clientId: string, form: URLSearchParams): TokenResponse {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = this.#refreshTokens.get(refreshToken);
    if (!grant || grant.revoked || grant.clientId !== clientId) throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return this.#accessTokenFor(grant);
  }

  /** Revoking either kind of token ends the whole grant, as at Google. */
  revoke(token: string): void {
    const access = this.#accessTokens.get(token);
    const grant = this.#refreshTokens.get(token) ?? (access && access.expiresAt > this.now() ? access.grant : undefined);
    if (!grant || grant.revoked) throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    this.#revoked.push(token);
    this.#saveGrants();
  }

  revokeAccount(email: string): void {
    for (const grant of this.#grants) if (grant.account.email === email) grant.revoked = true;
    this.#saveGrants();
  }

  revokedTokens(): string[] {
    return [...this.#revoked];
  }

  /** The grant behind a request's `Authorization: Bearer …`, or Google's 401. */
  authenticate(authorization: string | undefined): Grant {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) {
      throw new ApiError(401, 'required', 'Login Required.', {
        location: LOCATION_AUTHORIZATION,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
      });
    }
    const access = this.#accessTokens.get(token);
    if (!access || access.expiresAt <= this.now() || access.grant.revoked) {
      throw new ApiError(401, 'authError', 'Invalid Credentials', {
        location: LOCATION_AUTHORIZATION,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      });
    }
    return access.grant;
  }

  #hasOfflineGrant(clientId: string, account: TestAccount): boolean {
    return this.#grants.some((grant) => grant.clientId === clientId && grant.account === account && grant.refreshToken && !grant.revoked);
  }

  #accessTokenFor(grant: Grant): TokenResponse {
    const token = `ya29.local-${randomToken(32)}`;
    this.#accessTokens.set(token, { grant, expiresAt: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000 });
    return { access_token: token, expires_in: ACCESS_TOKEN_LIFETIME_S, token_type: 'Bearer', scope: grant.scopes.join(' ') };
  }
}

function checkCodeVerifier(request: AuthorizationRequest, verifier: string | null): void {
  const challenge = request.codeChallenge;
  if (!challenge) return;
  if (!verifier) throw new OAuthError(400, 'invalid_grant', 'Missing code verifier.');
  const derived = challenge.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (derived !== challenge.value) throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
}

function requireScope(grant: Grant, accepted: readonly string[]): void {
  if (!grant.scopes.some((scope) => accepted.includes(scope))) throw insufficientScopes();
}

// ---------------------------------------------------------------------------------------------------------
// Calendars and events

interface StoredEvent {
  readonly event: CalendarEvent;
  readonly startMs: number;
  readonly endMs: number;
  /** Position in the instance-wide change sequence; sync tokens remember the last one they saw. */
  readonly changeSeq: number;
}

interface CalendarRecord {
  readonly calendar: TestCalendar;
  readonly owner: TestAccount;
  readonly events: Map<string, StoredEvent>;
  /** Changed by the test controls ('none': no longer shared with the account). */
  accessRole: CalendarAccessRole | 'none';
}

/** Where a paged listing stands: the ids fixed by its first page, and the change mark its sync token gets. */
interface ListCursor {
  readonly calendarId: string;
  readonly eventIds: readonly string[];
  readonly offset: number;
  readonly mark: number;
}

const DEFAULT_PAGE_SIZE = 250;
const MAX_PAGE_SIZE = 2500;
/** Google refuses these beside a syncToken: the token already fixes what is listed. */
const SYNC_INCOMPATIBLE = ['timeMin', 'timeMax', 'privateExtendedProperty', 'sharedExtendedProperty', 'q', 'orderBy', 'updatedMin', 'iCalUID'];
const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

type EventOrder = (a: StoredEvent, b: StoredEvent) => number;
const byStart: EventOrder = (a, b) => a.startMs - b.startMs || a.event.id.localeCompare(b.event.id);
const byChange: EventOrder = (a, b) => a.changeSeq - b.changeSeq;

/** What a listing shows of an event: deleted ones as Google shows them, by id and status only. */
function listed(stored: StoredEvent): CalendarEvent | Pick<CalendarEvent, 'kind' | 'etag' | 'id' | 'status'> {
  const { event } = stored;
  return event.status === 'cancelled' ? { kind: event.kind, etag: event.etag, id: event.id, status: 'cancelled' } : structuredClone(event);
}

function readMaxResults(query: URLSearchParams): number {
  const raw = query.get('maxResults');
  if (raw === null) return DEFAULT_PAGE_SIZE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw badRequest('invalid', `Invalid value '${raw}'. Values must be within the range: [1, 2500]`, 'maxResults');
  return Math.min(value, MAX_PAGE_SIZE);
}

function readTimeBound(query: URLSearchParams, name: 'timeMin' | 'timeMax'): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const ms = RFC3339_WITH_OFFSET.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest('badRequest', 'Bad Request', name);
  return ms;
}

function readPropertyFilters(values: string[]): [string, string][] {
  return values.map((value) => {
    const separator = value.indexOf('=');
    if (separator <= 0) throw badRequest('invalid', `Invalid value for: privateExtendedProperty (${value})`, 'privateExtendedProperty');
    return [value.slice(0, separator), value.slice(separator + 1)];
  });
}

function readOrder(query: URLSearchParams): EventOrder {
  const orderBy = query.get('orderBy');
  if (orderBy === null) return byStart;
  if (orderBy === 'updated') return byChange;
  if (orderBy !== 'startTime') throw badRequest('invalid', 'Invalid value for: orderBy', 'orderBy');
  if (query.get('singleEvents') !== 'true') throw badRequest('badRequest', 'The requested ordering is not available for the particular query.', 'orderBy');
  return byStart;
}

/** `?eid=` of an event's htmlLink: base64url of "eventId calendarId", as in Google's links. */
const eventLinkId = (eventId: string, calendarId: string): string => Buffer.from(`${eventId} ${calendarId}`).toString('base64url');

class CalendarService {
  readonly #records = new Map<string, CalendarRecord>();
  readonly #syncTokens = new Map<string, { readonly calendarId: string; readonly mark: number }>();
  readonly #cursors = new Map<string, ListCursor>();
  #changeSeq = 0;

  constructor(
    accounts: readonly TestAccount[],
    private readonly now: () => number,
    private readonly baseUrl: string,
  ) {
    for (const owner of accounts) this.addAccount(owner);
  }

  /** The account's calendars, with their seed events. */
  addAccount(owner: TestAccount): void {
    for (const calendar of owner.calendars) {
      const record: CalendarRecord = { calendar, owner, events: new Map(), accessRole: calendar.accessRole ?? 'owner' };
      this.#records.set(calendar.id, record);
      (SEED_EVENTS[calendar.id] ?? []).forEach((seed, index) => this.#seed(record, seed, index));
    }
  }

  /** The account's calendar (`primary` included); any other calendar is a 404, as at Google. */
  calendarFor(account: TestAccount, calendarId: string): CalendarRecord {
    const id = calendarId === 'primary' ? account.calendars.find((calendar) => calendar.primary)?.id : calendarId;
    const record = id === undefined ? undefined : this.#records.get(id);
    if (!record || record.owner !== account || record.accessRole === 'none') throw notFound();
    return record;
  }

  /** Google's answer to an insert, patch or delete in a calendar the account may only read. */
  requireWriter(record: CalendarRecord): void {
    if (record.accessRole !== 'owner' && record.accessRole !== 'writer') {
      throw new ApiError(403, 'requiredAccessLevel', 'You need to have writer access to this calendar.', { domain: 'calendar' });
    }
  }

  /** Any calendar, for the test controls. */
  record(calendarId: string): CalendarRecord {
    const record = this.#records.get(calendarId);
    if (!record) throw new Error(`No calendar ${calendarId} in the Google stand-in`);
    return record;
  }

  /** The account's calendars with its role in each; one no longer shared with it is not listed. */
  calendarList(account: TestAccount): object {
    const etag = `"${this.#changeSeq}"`;
    const shared = account.calendars.flatMap((calendar) => {
      const accessRole = this.#records.get(calendar.id)?.accessRole ?? 'none';
      return accessRole === 'none' ? [] : [{ calendar, accessRole }];
    });
    return {
      kind: 'calendar#calendarList',
      etag,
      items: shared.map(({ calendar, accessRole }) => ({
        kind: 'calendar#calendarListEntry',
        etag,
        id: calendar.id,
        summary: calendar.summary,
        ...(calendar.description ? { description: calendar.description } : {}),
        timeZone: 'UTC',
        backgroundColor: calendar.backgroundColor,
        foregroundColor: '#000000',
        selected: true,
        accessRole,
        defaultReminders: [],
        ...(calendar.primary ? { primary: true } : {}),
      })),
    };
  }

  list(record: CalendarRecord, query: URLSearchParams): object {
    const maxResults = readMaxResults(query);
    const pageToken = query.get('pageToken');
    const syncToken = query.get('syncToken');
    const cursor = pageToken
      ? this.#continued(record, pageToken)
      : syncToken
        ? this.#incremental(record, syncToken, query)
        : this.#full(record, query);
    return this.#page(record, cursor, maxResults);
  }

  get(record: CalendarRecord, eventId: string): CalendarEvent {
    return structuredClone(this.#existing(record, eventId).event);
  }

  insert(record: CalendarRecord, body: unknown): CalendarEvent {
    const id = readEventId(isRecord(body) ? body.id : undefined);
    // Ids stay taken after a delete, as at Google.
    if (record.events.has(id)) throw new ApiError(409, 'duplicate', 'The requested identifier already exists.');
    return this.#write(record, id, applyEventInput(body, { status: 'confirmed' }, 'replace'));
  }

  update(record: CalendarRecord, eventId: string, body: unknown): CalendarEvent {
    const previous = this.#existing(record, eventId).event;
    return this.#write(record, eventId, applyEventInput(body, { status: 'confirmed' }, 'replace'), previous);
  }

  patch(record: CalendarRecord, eventId: string, body: unknown): CalendarEvent {
    const previous = this.#existing(record, eventId).event;
    return this.#write(record, eventId, applyEventInput(body, fieldsOf(previous), 'merge'), previous);
  }

  /** Deleting keeps the event as cancelled, so incremental syncs report it; a second delete is 410. */
  remove(record: CalendarRecord, eventId: string): void {
    const previous = this.#existing(record, eventId).event;
    if (previous.status === 'cancelled') throw new ApiError(410, 'deleted', 'Resource has been deleted');
    this.#write(record, eventId, { ...fieldsOf(previous), status: 'cancelled' }, previous);
  }

  events(calendarId: string): CalendarEvent[] {
    return [...this.record(calendarId).events.values()].sort(byStart).map((stored) => structuredClone(stored.event));
  }

  expireSyncTokens(): void {
    this.#syncTokens.clear();
  }

  /** The event behind an htmlLink's `eid`, for the local event page. */
  findByLink(eid: string): { record: CalendarRecord; event: CalendarEvent } | undefined {
    const [eventId = '', calendarId = ''] = Buffer.from(eid, 'base64url').toString('utf8').split(' ');
    const record = this.#records.get(calendarId);
    const stored = record?.events.get(eventId);
    return record && stored ? { record, event: structuredClone(stored.event) } : undefined;
  }

  #existing(record: CalendarRecord, eventId: string): StoredEvent {
    const stored = record.events.get(eventId);
    if (!stored) throw notFound();
    return stored;
  }

  #seed(record: CalendarRecord, seed: SeedEvent, index: number): void {
    // Stable ids (hex is base32hex), so a restarted stand-in shows the same events.
    const id = createHash('sha256').update(`${record.calendar.id}#${index}`).digest('hex').slice(0, 26);
    const times = seedTimes(seed, this.now());
    this.#write(record, id, { status: 'confirmed', summary: seed.summary, description: seed.description, ...times });
  }

  #write(record: CalendarRecord, id: string, fields: EventFields, previous?: CalendarEvent): CalendarEvent {
    const { startMs, endMs } = eventSpan(fields);
    const changeSeq = ++this.#changeSeq;
    const updated = rfc3339(this.now());
    const { calendar, owner } = record;
    const timesChanged = previous && JSON.stringify([previous.start, previous.end]) !== JSON.stringify([fields.start, fields.end]);
    const event: CalendarEvent = {
      kind: 'calendar#event',
      etag: `"${changeSeq}"`,
      id,
      status: fields.status,
      htmlLink: `${this.baseUrl}/calendar/event?eid=${eventLinkId(id, calendar.id)}`,
      created: previous?.created ?? updated,
      updated,
      ...(fields.summary !== undefined ? { summary: fields.summary } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.location !== undefined ? { location: fields.location } : {}),
      creator: { email: owner.email, self: true },
      organizer: { email: calendar.id, ...(calendar.primary ? {} : { displayName: calendar.summary }), self: true },
      start: fields.start ?? {},
      end: fields.end ?? {},
      iCalUID: `${id}@google.com`,
      sequence: (previous?.sequence ?? 0) + (timesChanged ? 1 : 0),
      ...(fields.privateProperties ? { extendedProperties: { private: fields.privateProperties } } : {}),
      eventType: 'default',
    };
    record.events.set(id, { event, startMs, endMs, changeSeq });
    return structuredClone(event);
  }

  /** A full listing: events overlapping [timeMin, timeMax) that carry every requested private property. */
  #full(record: CalendarRecord, query: URLSearchParams): ListCursor {
    const timeMin = readTimeBound(query, 'timeMin');
    const timeMax = readTimeBound(query, 'timeMax');
    if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
      throw badRequest('timeRangeEmpty', 'The specified time range is empty.', 'timeMax');
    }
    const showDeleted = query.get('showDeleted') === 'true';
    const filters = readPropertyFilters(query.getAll('privateExtendedProperty'));
    const order = readOrder(query);
    const matches = [...record.events.values()].filter(
      ({ event, startMs, endMs }) =>
        (showDeleted || event.status !== 'cancelled') &&
        (timeMin === undefined || endMs > timeMin) &&
        (timeMax === undefined || startMs < timeMax) &&
        filters.every(([key, value]) => event.extendedProperties?.private[key] === value),
    );
    return this.#cursor(record, matches.sort(order));
  }

  /** Every event of the calendar changed since the token, deleted ones included, oldest change first. */
  #incremental(record: CalendarRecord, syncToken: string, query: URLSearchParams): ListCursor {
    const conflicting = SYNC_INCOMPATIBLE.filter((name) => query.has(name));
    if (conflicting.length > 0) {
      throw badRequest('invalid', `syncToken cannot be combined with ${conflicting.join(', ')}.`, conflicting[0]);
    }
    const sync = this.#syncTokens.get(syncToken);
    if (!sync || sync.calendarId !== record.calendar.id) {
      throw new ApiError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', { domain: 'calendar' });
    }
    const changed = [...record.events.values()].filter((stored) => stored.changeSeq > sync.mark);
    return this.#cursor(record, changed.sort(byChange));
  }

  #continued(record: CalendarRecord, pageToken: string): ListCursor {
    const cursor = this.#cursors.get(pageToken);
    if (!cursor || cursor.calendarId !== record.calendar.id) throw badRequest('invalid', 'Invalid page token value.', 'pageToken');
    return cursor;
  }

  /** The ids are fixed on the first page; changes made while paging reach the next incremental sync. */
  #cursor(record: CalendarRecord, events: StoredEvent[]): ListCursor {
    return { calendarId: record.calendar.id, eventIds: events.map((stored) => stored.event.id), offset: 0, mark: this.#changeSeq };
  }

  #page(record: CalendarRecord, cursor: ListCursor, maxResults: number): object {
    const end = cursor.offset + maxResults;
    const items = cursor.eventIds
      .slice(cursor.offset, end)
      .flatMap((id) => {
        const stored = record.events.get(id);
        return stored ? [listed(stored)] : [];
      });
    const next = end < cursor.eventIds.length ? { nextPageToken: this.#remember(this.#cursors, { ...cursor, offset: end }) } : undefined;
    return {
      kind: 'calendar#events',
      etag: `"${this.#changeSeq}"`,
      summary: record.calendar.summary,
      ...(record.calendar.description ? { description: record.calendar.description } : {}),
      updated: rfc3339(this.now()),
      timeZone: 'UTC',
      accessRole: record.accessRole,
      defaultReminders: [],
      ...(next ?? { nextSyncToken: this.#remember(this.#syncTokens, { calendarId: cursor.calendarId, mark: cursor.mark }) }),
      items,
    };
  }

  #remember<T>(store: Map<string, T>, value: T): string {
    const token = randomToken(18);
    store.set(token, value);
    return token;
  }
}

// ---------------------------------------------------------------------------------------------------------
// HTML pages: the consent screen, its errors, and the page an event's htmlLink opens

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const PAGE_STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f1f3f4; color: #1f1f1f; }
  main { max-width: 30rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
  .notice { background: #fef7e0; border: 1px solid #b06000; border-radius: 8px; padding: .75rem 1rem; }
  fieldset { border: 0; padding: 0; margin: 1.5rem 0 1rem; }
  legend { font-weight: 600; margin-bottom: .5rem; }
  .accounts { list-style: none; padding: 0; margin: 0; }
  button { display: block; width: 100%; text-align: left; font: inherit; color: inherit; padding: .75rem 1rem; margin: .25rem 0;
    border: 1px solid #747775; border-radius: 8px; background: #fff; cursor: pointer; }
  button:hover { background: #f0f4f9; }
  button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  .account-name { display: block; font-weight: 600; }
  .account-email { display: block; color: #444746; font-size: .875rem; }
  .cancel { display: inline-block; width: auto; text-align: center; }
`;

function htmlDocument(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
}

const CONSENT_TITLE = 'Sign in with Google (local stand-in)';
const STAND_IN_NOTICE =
  '<p class="notice" role="note">This is the local stand-in for Google sign-in. No real Google account is used and nothing leaves this machine.</p>';

function consentPage(request: AuthorizationRequest, accounts: readonly TestAccount[]): string {
  const hidden = [...request.carried]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const choices = accounts
    .map(
      (account) =>
        `<li><button type="submit" name="account" value="${escapeHtml(account.email)}">` +
        `<span class="account-name">${escapeHtml(account.name)}</span> <span class="account-email">${escapeHtml(account.email)}</span></button></li>`,
    )
    .join('\n');
  const asks = request.scopes.map((scope) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`).join('\n');
  return htmlDocument(
    CONSENT_TITLE,
    `<h1>${escapeHtml(CONSENT_TITLE)}</h1>
${STAND_IN_NOTICE}
<form method="get" action="/o/oauth2/v2/approve">
${hidden}
<fieldset>
<legend>Choose a test account to continue to ${escapeHtml(request.clientId)}</legend>
<ul class="accounts">
${choices}
</ul>
</fieldset>
<p id="scopes-heading">Continuing allows the app to:</p>
<ul aria-labelledby="scopes-heading">
${asks}
</ul>
<button type="submit" name="cancel" value="1" class="cancel">Cancel</button>
</form>`,
  );
}

function errorPage(error: PageError): string {
  return htmlDocument(
    CONSENT_TITLE,
    `<h1>Access blocked: this request is invalid</h1>
${STAND_IN_NOTICE}
<p>Error ${error.status}: ${escapeHtml(error.code)}</p>
<p>${escapeHtml(error.message)}</p>`,
  );
}

function describeTime(time: EventDateTime): string {
  return time.date ?? `${time.dateTime ?? ''}${time.timeZone ? ` (${time.timeZone})` : ''}`;
}

function eventPage(found: { record: CalendarRecord; event: CalendarEvent } | undefined): string {
  if (!found) return htmlDocument('Event not found – Google Calendar (local stand-in)', '<h1>Event not found</h1>');
  const { record, event } = found;
  const title = event.summary ?? '(No title)';
  return htmlDocument(
    `${title} – Google Calendar (local stand-in)`,
    `<h1>${escapeHtml(title)}</h1>
<p class="notice" role="note">An event in the local Google Calendar stand-in.</p>
<dl>
<dt>Calendar</dt><dd>${escapeHtml(record.calendar.summary)}</dd>
<dt>Starts</dt><dd>${escapeHtml(describeTime(event.start))}</dd>
<dt>Ends</dt><dd>${escapeHtml(describeTime(event.end))}</dd>
<dt>Status</dt><dd>${escapeHtml(event.status)}</dd>
${event.description ? `<dt>Description</dt><dd>${escapeHtml(event.description)}</dd>` : ''}
</dl>`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// HTTP

interface Reply {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

interface Call {
  readonly method: string;
  readonly url: URL;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

interface World {
  readonly url: string;
  readonly client: ClientCredentials;
  /** The test accounts, and those added through the control since the start. */
  readonly accounts: TestAccount[];
  readonly oauth: OAuthService;
  readonly calendars: CalendarService;
  readonly requests: { method: string; path: string; status?: number }[];
  /** Failures the next Calendar API requests answer with, first one next. */
  readonly failures: InjectedFailure[];
}

const MAX_BODY_BYTES = 1024 * 1024;

function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json; charset=UTF-8', ...headers }, body: JSON.stringify(body) };
}

function htmlReply(status: number, html: string): Reply {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // No form-action: browsers apply it to the approval's redirect to the app, which lives elsewhere.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
    body: html,
  };
}

/** `base` with the parameters added to its own query (undefined ones left out). */
function redirectReply(base: string, parameters: Record<string, string | undefined>): Reply {
  const location = new URL(base);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) location.searchParams.set(name, value);
  return { status: 302, headers: { location: location.href } };
}

function errorReply(error: unknown): Reply {
  if (error instanceof ApiError) return error.reply();
  if (error instanceof OAuthError) return jsonReply(error.status, { error: error.code, error_description: error.description });
  if (error instanceof PageError) return htmlReply(error.status, errorPage(error));
  console.error('Google stand-in:', error);
  return new ApiError(500, 'backendError', 'Backend Error').reply();
}

function parseJsonBody(body: Buffer): unknown {
  try {
    return body.length === 0 ? {} : (JSON.parse(body.toString('utf8')) as unknown);
  } catch {
    throw badRequest('parseError', 'Parse Error');
  }
}

/** `Authorization: Basic base64(urlencoded id : urlencoded secret)`, as RFC 6749 §2.3.1 has it. */
function basicCredentials(authorization: string | undefined): (string | undefined)[] {
  const encoded = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return [];
  try {
    return Buffer.from(encoded, 'base64').toString('utf8').split(':').map(decodeURIComponent);
  } catch {
    throw new OAuthError(401, 'invalid_client', 'Unauthorized');
  }
}

/** The token endpoint's form; the client may authenticate in it or with HTTP Basic (ClientSecretBasic). */
function readTokenRequest(client: ClientCredentials, call: Call): { clientId: string; form: URLSearchParams } {
  if (!(call.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError(400, 'invalid_request', 'Invalid content type; expected application/x-www-form-urlencoded.');
  }
  const form = new URLSearchParams(call.body.toString('utf8'));
  const [basicId, basicSecret] = basicCredentials(call.headers.authorization);
  const clientId = basicId ?? form.get('client_id');
  const clientSecret = basicSecret ?? form.get('client_secret');
  if (!clientId) throw new OAuthError(400, 'invalid_request', 'Could not determine client ID from request.');
  if (clientId !== client.clientId) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
  if (clientSecret !== client.clientSecret) throw new OAuthError(401, 'invalid_client', 'Unauthorized');
  return { clientId, form };
}

function tokenEndpoint(world: World, call: Call): Reply {
  const { clientId, form } = readTokenRequest(world.client, call);
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return jsonReply(200, world.oauth.exchangeCode(clientId, form));
  if (grantType === 'refresh_token') return jsonReply(200, world.oauth.refresh(clientId, form));
  throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

/** The app posts the token in a form; Google (and google-auth-library) also take it in the query string. */
function revokeEndpoint(world: World, call: Call): Reply {
  const token = call.url.searchParams.get('token') ?? new URLSearchParams(call.body.toString('utf8')).get('token');
  if (!token) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: token');
  world.oauth.revoke(token);
  return jsonReply(200, {});
}

/** OAuth2 v2 userinfo: the fields the granted scopes allow (no picture: no remote image hosts locally). */
function userinfoEndpoint(world: World, call: Call): Reply {
  const grant = world.oauth.authenticate(call.headers.authorization);
  requireScope(grant, ['openid', EMAIL_SCOPE, PROFILE_SCOPE]);
  const { account, scopes: granted } = grant;
  return jsonReply(200, {
    id: account.id,
    ...(granted.includes(EMAIL_SCOPE) ? { email: account.email, verified_email: true } : {}),
    ...(granted.includes(PROFILE_SCOPE) ? { name: account.name, given_name: account.givenName, family_name: account.familyName } : {}),
  });
}

function authorizeEndpoint(world: World, call: Call): Reply {
  return htmlReply(200, consentPage(readAuthorizationRequest(world.client, call.url.searchParams), world.accounts));
}

function approveEndpoint(world: World, call: Call): Reply {
  const query = call.url.searchParams;
  const request = readAuthorizationRequest(world.client, query);
  if (query.has('cancel')) return redirectReply(request.redirectUri, { error: 'access_denied', state: request.state });
  const account = world.accounts.find((candidate) => candidate.email === query.get('account'));
  if (!account) throw new PageError(400, 'invalid_request', 'Choose one of the test accounts.');
  const code = world.oauth.issueCode(request, account);
  return redirectReply(request.redirectUri, { code, scope: request.scopes.join(' '), state: request.state });
}

function unsupported(call: Call): ApiError {
  return new ApiError(404, 'notFound', `${call.method} ${call.url.pathname} is not implemented by the local Google stand-in.`);
}

function decodeSegments(path: string): string[] {
  try {
    return path.split('/').map(decodeURIComponent);
  } catch {
    throw badRequest('invalid', 'Malformed path.');
  }
}

function eventsEndpoint(world: World, call: Call, calendarId: string, eventId: string | undefined): Reply {
  const { method } = call;
  const grant = world.oauth.authenticate(call.headers.authorization);
  requireScope(grant, method === 'GET' ? EVENTS_READ : EVENTS_WRITE);
  const calendars = world.calendars;
  const record = calendars.calendarFor(grant.account, calendarId);
  if (method !== 'GET') calendars.requireWriter(record);
  if (eventId === undefined) {
    if (method === 'GET') return jsonReply(200, calendars.list(record, call.url.searchParams));
    if (method === 'POST') return jsonReply(200, calendars.insert(record, parseJsonBody(call.body)));
    throw unsupported(call);
  }
  switch (method) {
    case 'GET':
      return jsonReply(200, calendars.get(record, eventId));
    case 'PATCH':
      return jsonReply(200, calendars.patch(record, eventId, parseJsonBody(call.body)));
    case 'PUT':
      return jsonReply(200, calendars.update(record, eventId, parseJsonBody(call.body)));
    case 'DELETE':
      calendars.remove(record, eventId);
      return { status: 204 };
    default:
      throw unsupported(call);
  }
}

const CALENDAR_PREFIX = '/calendar/v3/';

function calendarEndpoint(world: World, call: Call): Reply {
  // Injected failures come first, like Google's front end throttling before anything else.
  const index = world.failures.findIndex((failure) => failure.method === undefined || failure.method === call.method);
  const failure = index < 0 ? undefined : world.failures.splice(index, 1)[0];
  if (failure) {
    const { domain, reason, message } = INJECTED_FAILURES[failure.status];
    throw new ApiError(failure.status, reason, message, { domain });
  }
  const segments = decodeSegments(call.url.pathname.slice(CALENDAR_PREFIX.length));
  const [collection, calendarId, resource, eventId, ...rest] = segments;
  if (collection === 'users' && calendarId === 'me' && resource === 'calendarList' && segments.length === 3 && call.method === 'GET') {
    const grant = world.oauth.authenticate(call.headers.authorization);
    requireScope(grant, CALENDAR_LIST_READ);
    return jsonReply(200, world.calendars.calendarList(grant.account));
  }
  if (collection === 'calendars' && calendarId && resource === 'events' && rest.length === 0 && eventId !== '') {
    return eventsEndpoint(world, call, calendarId, eventId);
  }
  throw unsupported(call);
}

function route(world: World, call: Call): Reply {
  const { method, url } = call;
  if (url.pathname.startsWith(CALENDAR_PREFIX)) return calendarEndpoint(world, call);
  switch (`${method} ${url.pathname}`) {
    case 'GET /o/oauth2/v2/auth':
      return authorizeEndpoint(world, call);
    case 'GET /o/oauth2/v2/approve':
      return approveEndpoint(world, call);
    case 'POST /token':
      return tokenEndpoint(world, call);
    case 'POST /revoke':
      return revokeEndpoint(world, call);
    case 'GET /oauth2/v2/userinfo':
      return userinfoEndpoint(world, call);
    case 'GET /calendar/event':
      return htmlReply(200, eventPage(world.calendars.findByLink(url.searchParams.get('eid') ?? '')));
    default:
      throw unsupported(call);
  }
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'uploadTooLarge', 'Request entity too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function readablePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

async function handle(
  world: World,
  control: StandInControl,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: Pick<GoogleStandInOptions, 'onRequest' | 'guard' | 'controlSecret'>,
): Promise<void> {
  if (refusedByGuard(options.guard, request, response)) return;
  const started = Date.now();
  const method = (request.method ?? 'GET').toUpperCase();
  // Concatenated rather than resolved, so a path such as //host/x cannot change the host.
  const url = new URL(`http://stand-in${request.url ?? '/'}`);
  const entry: World['requests'][number] = { method, path: readablePath(url.pathname) };
  world.requests.push(entry);
  let reply: Reply;
  try {
    const call = { method, url, headers: request.headers, body: await readBody(request) };
    if (!url.pathname.startsWith('/_control/')) reply = route(world, call);
    else if (options.controlSecret !== undefined && request.headers['x-control-secret'] !== options.controlSecret) reply = jsonReply(403, { error: 'The control operations need the x-control-secret of this start' });
    else reply = controlReply(control, call);
  } catch (error) {
    reply = errorReply(error);
  }
  // Recorded before the answer is written, so a client that has it sees the log complete.
  entry.status = reply.status;
  response.writeHead(reply.status, { 'cache-control': 'no-store', ...reply.headers });
  response.end(reply.body);
  options.onRequest?.(`${method} ${url.pathname} ${reply.status} ${Date.now() - started}ms`);
}

/**
 * The control over HTTP, under /_control/, for tests whose handlers run in another process (the
 * integration run's local stack): the same operations as `control`, JSON in and out.
 */
function controlReply(control: StandInControl, call: Call): Reply {
  const body = (call.body.length > 0 ? JSON.parse(call.body.toString('utf8')) : {}) as Record<string, unknown>;
  const calendarId = String(call.url.searchParams.get('calendarId') ?? body.calendarId ?? '');
  const operation = `${call.method} ${call.url.pathname.slice('/_control/'.length)}`;
  switch (operation) {
    case 'POST accounts':
      return jsonReply(200, control.addAccount(String(body.name ?? 'Test Account')));
    case 'POST expire-sync-tokens':
      control.expireSyncTokens();
      return jsonReply(200, {});
    case 'POST fail-next':
      control.failNext(Number(body.times), Number(body.status) as InjectedFailureStatus, typeof body.method === 'string' ? body.method : undefined);
      return jsonReply(200, {});
    case 'POST access-role':
      control.setAccessRole(calendarId, String(body.role) as CalendarAccessRole | 'none');
      return jsonReply(200, {});
    case 'POST revoke-grants':
      control.revokeGrants(String(body.email));
      return jsonReply(200, {});
    case 'GET events':
      return jsonReply(200, { items: control.events(calendarId) });
    case 'POST events':
      return jsonReply(200, control.insertEvent(calendarId, body.event as EventInput));
    case 'PATCH events':
      return jsonReply(200, control.patchEvent(calendarId, String(body.eventId), body.patch as EventInput));
    case 'GET requests':
      return jsonReply(200, { items: control.requests });
    case 'GET revoked-tokens':
      return jsonReply(200, { items: control.revokedTokens() });
    default:
      return jsonReply(404, { error: `No control operation ${operation}` });
  }
}

function createControl(world: World): StandInControl {
  const { calendars } = world;
  return {
    testAccounts: world.accounts,
    requests: world.requests,
    expireSyncTokens: () => calendars.expireSyncTokens(),
    failNext(times, status, method) {
      if (!Number.isInteger(times) || times < 0) throw new Error(`failNext needs a whole number of requests, not ${times}`);
      for (let index = 0; index < times; index += 1) world.failures.push({ status, ...(method ? { method: method.toUpperCase() } : {}) });
    },
    setAccessRole(calendarId, role) {
      if (!['owner', 'writer', 'reader', 'freeBusyReader', 'none'].includes(role)) throw new Error(`No access role ${role}`);
      calendars.record(calendarId).accessRole = role;
    },
    revokeGrants(email) {
      if (!world.accounts.some((account) => account.email === email)) throw new Error(`No test account ${email}`);
      world.oauth.revokeAccount(email);
    },
    addAccount(name) {
      const number = world.accounts.length + 1;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '') || 'account';
      const email = `${slug}.${number}@example.test`;
      const [givenName = name, ...rest] = name.split(' ');
      const account: TestAccount = {
        id: `1047291${String(number).padStart(14, '0')}`,
        email,
        name,
        givenName,
        familyName: rest.join(' '),
        calendars: [{ id: email, summary: email, backgroundColor: '#3B82F6', primary: true }],
      };
      world.accounts.push(account);
      world.calendars.addAccount(account);
      return account;
    },
    events: (calendarId) => calendars.events(calendarId),
    insertEvent: (calendarId, event) => calendars.insert(calendars.record(calendarId), event),
    patchEvent: (calendarId, eventId, patch) => calendars.patch(calendars.record(calendarId), eventId, patch),
    deleteEvent: (calendarId, eventId) => calendars.remove(calendars.record(calendarId), eventId),
    revokedTokens: () => world.oauth.revokedTokens(),
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(new LocalStackError(`The Google stand-in cannot listen on ${host}:${port}: ${error.message}`));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Clients keep connections alive; without this, close() would wait for them to time out.
    server.closeAllConnections();
  });
}

/** The address clients use: a wildcard bind is reached on loopback, IPv6 literals need brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const clock = (): number => now().getTime();
  const server = http.createServer();
  await listen(server, options.port, host);
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  const world: World = {
    url,
    client: {
      clientId: options.clientId ?? LOCAL_GOOGLE_CLIENT.clientId,
      clientSecret: options.clientSecret ?? LOCAL_GOOGLE_CLIENT.clientSecret,
    },
    accounts: [...TEST_ACCOUNTS],
    oauth: new OAuthService(clock, options.grantsFile, TEST_ACCOUNTS),
    // Built after listening: event links carry the real port.
    calendars: new CalendarService(TEST_ACCOUNTS, clock, url),
    requests: [],
    failures: [],
  };
  const control = createControl(world);
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    void handle(world, control, request, response, options);
  });
  return { url, control, close: () => closeServer(server) };
}
