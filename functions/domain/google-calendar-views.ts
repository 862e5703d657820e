import { addDays, calendarDateIn, zonedInstant } from '../../shared/rules/calendar-date.js';
import { DEFAULT_CALENDAR_SYNC } from '../../shared/schemas/profile.js';
import type { GoogleAccountView, GoogleEventView } from '../../shared/schemas/google-calendar.js';
import { listAccounts, type StoredAccount } from '../data/google-calendar/accounts.js';
import { listCalendars, type StoredCalendar } from '../data/google-calendar/calendars.js';
import { listEvents, type StoredEvent } from '../data/google-calendar/events.js';
import { getProfiles, ownTimeZone } from '../data/profile.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError } from '../lib/errors.js';
import { requireMembership } from './authorize.js';

/**
 * What the app shows of a user's Google Calendar connection (accounts, calendars, events) and what the
 * weekly planner counts of it: reads of the stored copies only, apart from the connecting and syncing in
 * google-calendar.ts (so the read routes carry none of Google's client or the task writes).
 */

export function accountView(account: StoredAccount, calendars: readonly StoredCalendar[]): GoogleAccountView {
  return {
    id: account.accountId,
    email: account.email,
    name: account.name,
    picture: account.picture,
    needsReconnect: account.needsReconnect,
    connectedAt: account.connectedAt,
    calendars: calendars
      .filter((calendar) => calendar.accountId === account.accountId)
      // The primary calendar first, then by name, as Google lists them.
      .sort((a, b) => Number(b.primary) - Number(a.primary) || a.summary.localeCompare(b.summary))
      .map((calendar) => ({
        id: calendar.calendarId,
        summary: calendar.summary,
        description: calendar.description,
        primary: calendar.primary,
        backgroundColor: calendar.backgroundColor,
        accessRole: calendar.accessRole,
        enabled: calendar.enabled,
        projectId: calendar.projectId,
        // A disabled calendar is not synced: what its last sync could not do is no longer news.
        syncError: calendar.enabled ? calendar.syncError : null,
      })),
  };
}

export async function listGoogleAccountsFor(caller: Caller, workspaceId: string): Promise<GoogleAccountView[]> {
  await requireMembership(workspaceId, caller.userId);
  const [accounts, calendars] = await Promise.all([listAccounts(workspaceId, caller.userId), listCalendars(workspaceId, caller.userId)]);
  return accounts.sort((a, b) => a.connectedAt.localeCompare(b.connectedAt)).map((account) => accountView(account, calendars));
}

export function eventView(event: StoredEvent, calendar: StoredCalendar): GoogleEventView {
  return {
    id: event.eventId,
    accountId: event.accountId,
    calendarId: event.calendarId,
    calendarSummary: calendar.summary,
    color: calendar.backgroundColor,
    summary: event.summary,
    description: event.description,
    allDay: event.allDay,
    start: event.start,
    end: event.end,
    htmlLink: event.htmlLink,
    projectId: calendar.projectId,
    taskId: event.taskId,
  };
}

const calendarKey = (accountId: string, calendarId: string) => `${accountId}\n${calendarId}`;

/**
 * The caller's events of enabled calendars overlapping the days from–to (inclusive) as they are in
 * `timeZone` (a timed event at 08:00 in Tokyo is on that Tokyo day, though at 23:00 UTC the day before),
 * earliest first.
 */
export async function enabledCalendarEvents(workspaceId: string, userId: string, range: { from: string; to: string }, timeZone = 'UTC'): Promise<GoogleEventView[]> {
  const [accounts, calendars, events] = await Promise.all([listAccounts(workspaceId, userId), listCalendars(workspaceId, userId), listEvents(workspaceId, userId)]);
  // A sync that was still writing when its account was removed may leave copies behind: they are not shown.
  const connected = new Set(accounts.map((account) => account.accountId));
  const shown = calendars.filter((calendar) => calendar.enabled && connected.has(calendar.accountId));
  const enabled = new Map(shown.map((calendar) => [calendarKey(calendar.accountId, calendar.calendarId), calendar]));
  const rangeStart = zonedInstant(range.from, '00:00', timeZone).toISOString();
  const rangeEnd = zonedInstant(addDays(range.to, 1), '00:00', timeZone).toISOString();
  return events
    .flatMap((event) => {
      const calendar = enabled.get(calendarKey(event.accountId, event.calendarId));
      // All-day ends are exclusive dates; timed ones are instants. Both compare as ISO strings.
      const overlaps = event.allDay ? event.start <= range.to && event.end > range.from : event.start < rangeEnd && event.end > rangeStart;
      return calendar && overlaps ? [eventView(event, calendar)] : [];
    })
    .sort((a, b) => a.start.localeCompare(b.start) || a.summary.localeCompare(b.summary));
}

export async function listGoogleEventsFor(
  caller: Caller,
  workspaceId: string,
  query: { from: string; to: string; projectId?: string | undefined; timeZone?: string | undefined },
): Promise<GoogleEventView[]> {
  await requireMembership(workspaceId, caller.userId);
  if (query.from > query.to) throw new BadRequestError('to: must not be before from', [{ field: 'to', message: 'must not be before from' }]);
  const events = await enabledCalendarEvents(workspaceId, caller.userId, query, query.timeZone);
  return query.projectId ? events.filter((event) => event.projectId === query.projectId) : events;
}

/**
 * Minutes each member's connected calendars already take on each day from–to, for the weekly planner:
 * timed events of enabled calendars, by the day they start on in the member's own zone (`timeZone`, the
 * planning user's, for a member who never set or reported one); all-day events and the due dates written
 * from tasks take no time. Members who turned 'Create time blocks' off count as free.
 */
export async function busyMinutesOf(
  workspaceId: string,
  userIds: readonly string[],
  range: { from: string; to: string },
  timeZone: string,
): Promise<Record<string, Record<string, number>>> {
  // Only members whose Sync Preferences have 'Create time blocks' on lend their calendars to the plan.
  const profiles = await getProfiles(userIds);
  const blocking = userIds.filter((userId) => profiles.get(userId)?.calendarSync.createTimeBlocks ?? DEFAULT_CALENDAR_SYNC.createTimeBlocks);
  const perMember = await Promise.all(
    blocking.map(async (userId) => {
      // Each member's meetings fall on the days of their own clock: a Tokyo morning is not a UTC evening.
      const zone = ownTimeZone(profiles.get(userId), timeZone);
      const busy: Record<string, number> = {};
      for (const event of await enabledCalendarEvents(workspaceId, userId, range, zone)) {
        if (event.allDay || event.taskId) continue;
        const day = calendarDateIn(new Date(event.start), zone);
        busy[day] = (busy[day] ?? 0) + Math.min(Date.parse(event.end) - Date.parse(event.start), 86_400_000) / 60_000;
      }
      return [userId, busy] as const;
    }),
  );
  return Object.fromEntries(perMember.filter(([, busy]) => Object.keys(busy).length > 0));
}
