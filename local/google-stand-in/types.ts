/** The stand-in's public types: its options, the test accounts' and events' shapes, and the control tests steer it with. */
import type { LocalRequestGuard } from '../request-guard.js';

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
