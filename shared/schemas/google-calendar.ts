import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { isValidTimeZone } from '../rules/time-zones.js';
import { resourceId, workspaceIdParams } from './ids.js';

/**
 * Google Calendar (spec pages §2 Google Calendar page, §3 Google account / Calendar / Calendar setting, §5
 * calendar event, §9 sync window, durations, colours): a user's connected Google accounts in one workspace,
 * their calendars with the per-calendar settings, and the events of the enabled calendars.
 */

export const DEFAULT_CALENDAR_COLOR = '#3B82F6';

const timeZoneParameter = z.string({ error: 'timeZone must be a time zone' }).check(
  z.maxLength(64, { error: 'timeZone must be at most 64 characters', abort: true }),
  z.refine(isValidTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/Berlin' }),
);
/** Events are kept from 30 days back to 90 days ahead (spec pages §9). */
export const SYNC_WINDOW_DAYS = { back: 30, ahead: 90 } as const;
export const EVENT_DURATION_MINUTES = { min: 30, max: 240, step: 30, default: 60 } as const;
export const DEFAULT_EVENT_START = '09:00';
export const EVENT_SUMMARY_MAX_LENGTH = 300;
export const EVENT_DESCRIPTION_MAX_LENGTH = 4_000;
/** Google's calendar ids are e-mail-like ('team@group.calendar.google.com', may hold '#'); bounded here. */
export const CALENDAR_ID_MAX_LENGTH = 256;

/** What the account may do with a calendar (Google's calendarList `accessRole`). */
export const CALENDAR_ACCESS_ROLES = ['owner', 'writer', 'reader', 'freeBusyReader'] as const;
export type CalendarAccessRole = (typeof CALENDAR_ACCESS_ROLES)[number];

/**
 * Whether events can be added to the calendar: Google refuses writes to the calendars an account may only
 * read (holidays, birthdays, a colleague's calendar shared view-only), so only these take new events and
 * due dates, and only these can be linked to a project.
 */
export const canAddEvents = (calendar: { accessRole: CalendarAccessRole }): boolean => calendar.accessRole === 'owner' || calendar.accessRole === 'writer';

export const googleCalendarView = z.object({
  id: z.string(),
  summary: z.string(),
  description: z.string(),
  primary: z.boolean(),
  backgroundColor: z.string(),
  accessRole: z.enum(CALENDAR_ACCESS_ROLES),
  enabled: z.boolean(),
  projectId: z.nullable(z.string()),
  /** What went wrong the last time this enabled calendar was synced (e.g. due dates Google refused), else null. */
  syncError: z.nullable(z.string()),
});
export type GoogleCalendarView = z.infer<typeof googleCalendarView>;

export const googleAccountView = z.object({
  /** Google's account id (google_id). */
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string(),
  /** Google refused the stored grant (revoked or expired): the user has to connect the account again. */
  needsReconnect: z.boolean(),
  connectedAt: z.string(),
  calendars: z.array(googleCalendarView),
});
export type GoogleAccountView = z.infer<typeof googleAccountView>;

export const googleEventView = z.object({
  id: z.string(),
  accountId: z.string(),
  calendarId: z.string(),
  calendarSummary: z.string(),
  color: z.string(),
  summary: z.string(),
  description: z.string(),
  /** An all-day event has dates (YYYY-MM-DD, end exclusive); a timed one has ISO instants. */
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  htmlLink: z.string(),
  /** The project the event's calendar is linked to, if any. */
  projectId: z.nullable(z.string()),
  /** Set on the all-day events written for task due dates (syncDeadlines). */
  taskId: z.nullable(z.string()),
});
export type GoogleEventView = z.infer<typeof googleEventView>;

export const googleAccountParams = z.extend(workspaceIdParams, { accountId: resourceId() });

const calendarId = z.string({ error: 'Calendar is required' }).check(
  z.minLength(1, { error: 'Calendar is required', abort: true }),
  z.maxLength(CALENDAR_ID_MAX_LENGTH, { error: `Calendar must be at most ${CALENDAR_ID_MAX_LENGTH} characters`, abort: true }),
  z.refine((id) => !containsUnprintable(id), { error: 'Calendar must be printable text' }),
);

export const authUrlResponse = z.object({ authUrl: z.string() });

const OAUTH_VALUE_MAX_LENGTH = 2_048;
const oauthValue = (label: string) =>
  z.string({ error: `${label} is required` }).check(
    z.minLength(1, { error: `${label} is required`, abort: true }),
    z.maxLength(OAUTH_VALUE_MAX_LENGTH, { error: `${label} must be at most ${OAUTH_VALUE_MAX_LENGTH} characters` }),
  );

/** What the callback page sends back: the code Google gave and the state the auth URL carried. */
export const connectGoogleAccountInput = z.object({ code: oauthValue('code'), state: oauthValue('state') });
export type ConnectGoogleAccountInput = z.infer<typeof connectGoogleAccountInput>;

export const googleAccountResponse = z.object({ account: googleAccountView });
export const googleAccountsResponse = z.object({ accounts: z.array(googleAccountView) });

/** Calendar Settings of one account, sent whole (spec pages §3 Calendar selection: id, enabled, project_id). */
export const saveCalendarSettingsInput = z.object({
  calendars: z
    .array(
      z.object({
        id: calendarId,
        enabled: z.boolean({ error: 'enabled must be true or false' }),
        projectId: z.nullable(resourceId()),
      }),
    )
    .check(z.maxLength(250, { error: 'At most 250 calendars' })),
});
export type SaveCalendarSettingsInput = z.infer<typeof saveCalendarSettingsInput>;

const isoDate = (label: string) =>
  z.string({ error: `${label} is required` }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)`, abort: true }),
    z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: `${label} must be a real date`,
    }),
  );

/** Events overlapping [from, to], both dates inclusive; optionally only those of calendars linked to a project. */
export const listGoogleEventsQuery = z.object({
  from: isoDate('from'),
  to: isoDate('to'),
  projectId: z.optional(resourceId()),
  /** The zone whose days from–to are (the reader's); UTC when absent. */
  timeZone: z.optional(timeZoneParameter),
});
export const googleEventsResponse = z.object({ events: z.array(googleEventView) });

/** The Add Event dialog (spec pages §2 Calendar page, §5, §9): required account, calendar, title, date, start. */
export const createGoogleEventInput = z.object({
  accountId: resourceId('Account is required'),
  calendarId,
  summary: z.string({ error: 'Title is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Title is required', abort: true }),
    z.maxLength(EVENT_SUMMARY_MAX_LENGTH, { error: `Title must be at most ${EVENT_SUMMARY_MAX_LENGTH} characters` }),
  ),
  description: z.optional(
    z.string({ error: 'Description must be text' }).check(
      z.maxLength(EVENT_DESCRIPTION_MAX_LENGTH, { error: `Description must be at most ${EVENT_DESCRIPTION_MAX_LENGTH} characters` }),
    ),
  ),
  date: isoDate('Date'),
  startTime: z.string({ error: 'Start time is required' }).check(
    z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Start time must be a time (HH:MM)' }),
  ),
  durationMinutes: z.number({ error: 'Duration must be a number of minutes' }).check(
    z.int({ error: 'Duration must be whole minutes' }),
    z.gte(EVENT_DURATION_MINUTES.min, { error: 'Duration must be between 0.5 and 4 hours' }),
    z.lte(EVENT_DURATION_MINUTES.max, { error: 'Duration must be between 0.5 and 4 hours' }),
  ),
  /** The IANA zone the date and start time are in (the browser's). */
  timeZone: z.optional(timeZoneParameter),
});
export type CreateGoogleEventInput = z.infer<typeof createGoogleEventInput>;
export const googleEventResponse = z.object({ event: googleEventView });
