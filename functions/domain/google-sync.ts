import { createHash } from 'node:crypto';
import { addDays } from '../../shared/rules/calendar-date.js';
import { canAddEvents, CALENDAR_ACCESS_ROLES, DEFAULT_CALENDAR_COLOR, type CalendarAccessRole } from '../../shared/schemas/google-calendar.js';
import type { TaskView } from '../../shared/schemas/project.js';
import { getAccount, markReconnect, type StoredAccount } from '../data/google-calendar/accounts.js';
import {
  deleteCalendar,
  listCalendars,
  mergeListedCalendars,
  saveSyncError,
  saveSyncToken,
  type StoredCalendar,
  type SyncPosition,
} from '../data/google-calendar/calendars.js';
import { deleteDeadlines, listDeadlines, putDeadlines, type StoredDeadline } from '../data/google-calendar/deadlines.js';
import { listEvents, replaceEvents, type StoredEvent } from '../data/google-calendar/events.js';
import { deleteAccountCopies } from '../data/google-calendar/partition.js';
import { getChild, listProjectItems } from '../data/project-children.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { logger } from '../lib/logger.js';
import { calendarApiFor, FullSyncRequiredError, GoogleApiError, GoogleGrantRevokedError, type CalendarApi, type GoogleEvent } from '../google/google-client.js';
import { googleSettings } from '../google/google-settings.js';
import { tokenContext } from '../google/token-context.js';
import { eventsToRead, syncWindow } from './google-sync-window.js';
import { READ_ONLY_DUE_DATES, syncRefusal } from './google-refusals.js';
import { updateTaskFor } from './tasks.js';

/**
 * Bringing a user's Google calendars and the app's copy together: the calendar list (new calendars appear,
 * removed ones go with their events), the events of enabled calendars in the sync window (incrementally,
 * by sync token; a token Google dropped means a full read), and the due dates of tasks in linked projects
 * written as all-day events (syncDeadlines); with two-way sync, a due-date event moved in Google moves its task.
 */

/** The private extended property that marks an event as a task's due date. */
export const TASK_PROPERTY = 'taskflowTaskId';

/** The Calendar API as this account, or GoogleGrantRevokedError when no usable grant is stored. */
export async function calendarApiOf(account: StoredAccount): Promise<CalendarApi> {
  const refreshToken = await googleSettings().tokenCipher.open(account.refreshToken, tokenContext(account));
  return calendarApiFor(refreshToken);
}

/** Google's timed events carry instants; all-day ones carry dates (end exclusive). */
export function toStoredEvent(accountId: string, calendarId: string, event: GoogleEvent): StoredEvent | undefined {
  const allDay = Boolean(event.start?.date);
  const start = event.start?.date ?? event.start?.dateTime;
  const end = event.end?.date ?? event.end?.dateTime;
  if (!event.id || !start || !end) return undefined;
  return {
    accountId,
    calendarId,
    eventId: event.id,
    summary: event.summary ?? '(No title)',
    description: event.description ?? '',
    allDay,
    start: allDay ? start : new Date(start).toISOString(),
    end: allDay ? end : new Date(end).toISOString(),
    htmlLink: event.htmlLink ?? '',
    taskId: event.extendedProperties?.private?.[TASK_PROPERTY] ?? null,
  };
}

/**
 * Reads the calendar's changes since its sync token into the stored copy, or all of the window when there is
 * no token, Google dropped it, or the window it covers no longer reaches far enough (`eventsToRead`).
 */
async function syncCalendarEvents(api: CalendarApi, account: StoredAccount, calendar: StoredCalendar, now: Date): Promise<StoredCalendar & SyncPosition> {
  const { workspaceId, userId, accountId } = account;
  const planned = eventsToRead(calendar, now);
  let page: Awaited<ReturnType<CalendarApi['listEvents']>> | undefined;
  if ('syncToken' in planned) {
    try {
      page = await api.listEvents(calendar.calendarId, planned);
    } catch (error) {
      if (!(error instanceof FullSyncRequiredError)) throw error;
    }
  }
  const full = page === undefined;
  const window = syncWindow(now);
  page ??= await api.listEvents(calendar.calendarId, window);
  const put = page.events.filter((event) => event.status !== 'cancelled').flatMap((event) => toStoredEvent(accountId, calendar.calendarId, event) ?? []);
  const cancelled = page.events.filter((event) => event.status === 'cancelled' && event.id).map((event) => event.id as string);
  // A full read replaces the copy: whatever it no longer lists is gone at Google, or now before the window.
  const kept = new Set(put.map((event) => event.eventId));
  const stale = full ? (await listEvents(workspaceId, userId, { accountId, calendarId: calendar.calendarId })).map((event) => event.eventId).filter((id) => !kept.has(id)) : [];
  await replaceEvents(workspaceId, userId, { put, remove: [...cancelled, ...stale].map((eventId) => ({ accountId, calendarId: calendar.calendarId, eventId })) });
  return { ...calendar, syncToken: page.nextSyncToken, syncWindowEnd: full ? window.timeMax : calendar.syncWindowEnd };
}

/** Google's role for the account; one this app does not know is taken as read-only, the safe reading. */
const accessRoleOf = (role: string | null | undefined): CalendarAccessRole =>
  CALENDAR_ACCESS_ROLES.find((known) => known === role) ?? 'reader';

/**
 * Google's calendar list merged with the stored settings: new calendars start disabled (the primary enabled
 * when it is the first); settings saved meanwhile are kept (`mergeListedCalendars`).
 */
export async function refreshCalendarList(api: CalendarApi, account: StoredAccount): Promise<StoredCalendar[]> {
  const [entries, stored] = await Promise.all([api.listCalendars(), listCalendars(account.workspaceId, account.userId, account.accountId)]);
  const known = new Map(stored.map((calendar) => [calendar.calendarId, calendar]));
  const firstTime = stored.length === 0;
  const calendars = entries.flatMap((entry): StoredCalendar[] => {
    if (!entry.id) return [];
    const previous = known.get(entry.id);
    return [
      {
        accountId: account.accountId,
        calendarId: entry.id,
        summary: entry.summaryOverride ?? entry.summary ?? entry.id,
        description: entry.description ?? '',
        primary: entry.primary === true,
        backgroundColor: entry.backgroundColor ?? DEFAULT_CALENDAR_COLOR,
        accessRole: accessRoleOf(entry.accessRole),
        enabled: previous?.enabled ?? (firstTime && entry.primary === true),
        projectId: previous?.projectId ?? null,
        syncToken: previous?.syncToken ?? null,
        syncWindowEnd: previous?.syncWindowEnd ?? null,
        syncError: previous?.syncError ?? null,
      },
    ];
  });
  const listed = new Set(calendars.map((calendar) => calendar.calendarId));
  const removed = stored.filter((calendar) => !listed.has(calendar.calendarId));
  await mergeListedCalendars(account.workspaceId, account.userId, calendars);
  await Promise.all(removed.map((calendar) => forgetCalendar(account, calendar)));
  return calendars;
}

/** Deletes the stored copies of one calendar's events. */
async function dropEventCopies(account: StoredAccount, calendarId: string): Promise<void> {
  const { workspaceId, userId, accountId } = account;
  const events = await listEvents(workspaceId, userId, { accountId, calendarId });
  await replaceEvents(workspaceId, userId, { put: [], remove: events.map((event) => ({ accountId, calendarId, eventId: event.eventId })) });
}

/** A calendar that is gone or no longer enabled: its events and sync token are dropped. */
export async function forgetCalendar(account: StoredAccount, calendar: StoredCalendar, keepSettings = false): Promise<void> {
  await dropEventCopies(account, calendar.calendarId);
  if (keepSettings) await saveSyncToken(account.workspaceId, account.userId, calendar, null, false);
  else await deleteCalendar(account.workspaceId, account.userId, account.accountId, calendar.calendarId);
}

/** The event id of a task's due date in one calendar: fixed, so a repeated insert is refused, not doubled. */
export function deadlineEventId(calendarId: string, taskId: string): string {
  // Google's event ids use base32hex (a–v, 0–9); a hex digest is within it.
  return `tfd${createHash('sha256').update(`${calendarId}\n${taskId}`).digest('hex').slice(0, 40)}`;
}

function deadlineEvent(task: Pick<TaskView, 'id' | 'title' | 'dueDate'>, eventId: string): GoogleEvent {
  const dueDate = task.dueDate as string;
  return {
    id: eventId,
    summary: `Due: ${task.title}`,
    start: { date: dueDate },
    end: { date: addDays(dueDate, 1) },
    transparency: 'transparent',
    extendedProperties: { private: { [TASK_PROPERTY]: task.id } },
  };
}

const isStatus = (error: unknown, status: number) => error instanceof GoogleApiError && error.status === status;

/** Writes (or moves) one task's due-date event; an insert that finds the event already there patches it. */
async function writeDeadline(api: CalendarApi, calendarId: string, task: TaskView, known: StoredDeadline | undefined): Promise<void> {
  const eventId = known?.eventId ?? deadlineEventId(calendarId, task.id);
  const body = deadlineEvent(task, eventId);
  const { id: _id, ...changes } = body;
  try {
    if (known) await api.patchEvent(calendarId, eventId, changes);
    else await api.insertEvent(calendarId, body);
  } catch (error) {
    if (known && isStatus(error, 404)) await api.insertEvent(calendarId, body);
    else if (!known && isStatus(error, 409)) await api.patchEvent(calendarId, eventId, changes);
    else throw error;
  }
}

/**
 * The due dates of the open tasks of the calendar's linked project, as all-day events: written once,
 * moved when a due date changes, removed when a task is completed, loses its date or is deleted.
 */
async function syncDeadlines(api: CalendarApi, account: StoredAccount, calendar: StoredCalendar): Promise<void> {
  const { workspaceId, userId, accountId } = account;
  const projectId = calendar.projectId as string;
  const [{ tasks }, written] = await Promise.all([listProjectItems(workspaceId, projectId), listDeadlines(workspaceId, userId, accountId, calendar.calendarId)]);
  const wanted = new Map(tasks.filter((task) => task.dueDate && !task.completed).map((task) => [task.id, task]));
  const writtenByTask = new Map(written.map((deadline) => [deadline.taskId, deadline]));
  const recorded: StoredDeadline[] = [];
  for (const task of wanted.values()) {
    const known = writtenByTask.get(task.id);
    if (known?.dueDate === task.dueDate && known.title === task.title) continue;
    await writeDeadline(api, calendar.calendarId, task, known);
    recorded.push({ accountId, calendarId: calendar.calendarId, taskId: task.id, eventId: known?.eventId ?? deadlineEventId(calendar.calendarId, task.id), dueDate: task.dueDate as string, title: task.title });
  }
  const dropped = written.filter((deadline) => !wanted.has(deadline.taskId));
  for (const deadline of dropped) {
    await api.deleteEvent(calendar.calendarId, deadline.eventId).catch((error: unknown) => {
      if (!isStatus(error, 404) && !isStatus(error, 410)) throw error;
    });
  }
  await putDeadlines(workspaceId, userId, recorded);
  await deleteDeadlines(workspaceId, userId, dropped);
}

/**
 * Two-way sync: due-date events the user moved to another day in Google (the pulled copy's date differs
 * from the date last written) move their tasks there, as the user, at the version read. A task whose due
 * date also changed in the app keeps the app's date (the next sync writes it to Google); an event deleted
 * or made a timed one in Google changes nothing. It runs on a copy just read, before the sync writes the
 * app's dates: a title changed in the app then goes out with the date moved in Google.
 */
async function applyMovedDeadlines(caller: Caller, account: StoredAccount, calendar: StoredCalendar): Promise<void> {
  const { workspaceId, userId, accountId } = account;
  const projectId = calendar.projectId as string;
  const [written, events] = await Promise.all([
    listDeadlines(workspaceId, userId, accountId, calendar.calendarId),
    listEvents(workspaceId, userId, { accountId, calendarId: calendar.calendarId }),
  ]);
  const eventsById = new Map(events.map((event) => [event.eventId, event]));
  const moved: StoredDeadline[] = [];
  for (const deadline of written) {
    const event = eventsById.get(deadline.eventId);
    if (!event?.allDay || event.taskId !== deadline.taskId || event.start === deadline.dueDate) continue;
    const task = await getChild('task', workspaceId, projectId, deadline.taskId);
    if (!task || task.completed || task.dueDate !== deadline.dueDate) continue;
    try {
      await updateTaskFor(caller, workspaceId, projectId, task.id, { version: task.version, dueDate: event.start });
      moved.push({ ...deadline, dueDate: event.start });
    } catch (error) {
      // Changed or deleted in the app meanwhile: the app's state stands, and the next sync writes it.
      if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
    }
  }
  await putDeadlines(workspaceId, userId, moved);
}

export interface SyncOptions {
  readonly syncDeadlines: boolean;
  /** Due-date events moved in Google move their tasks (as `caller`, the account's user). */
  readonly twoWaySync?: { readonly caller: Caller } | false;
  readonly now?: Date;
}

/**
 * True when a disconnect or a removal deleted the account while a sync ran: the copies the sync wrote after
 * that deletion are deleted too (a reconnection meanwhile has an account again, and its copies stay).
 */
async function droppedMeanwhile(account: StoredAccount): Promise<boolean> {
  if (await getAccount(account.workspaceId, account.userId, account.accountId)) return false;
  await deleteAccountCopies(account.workspaceId, account.userId, account.accountId);
  return true;
}

/**
 * Runs one step of a calendar's sync; Google refusing it (a read-only calendar, one gone, an outage after
 * the retries) becomes what to tell the user, so one calendar cannot fail the sync of the others. Anything
 * else (a grant Google refuses, our own failures) goes on.
 */
async function reportingRefusal(account: StoredAccount, step: 'write' | 'read', work: () => Promise<void>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (!(error instanceof GoogleApiError)) throw error;
    logger.warn('Google refused a calendar sync step', { accountId: account.accountId, step, status: error.status, reason: error.reason });
    return syncRefusal(error, step);
  }
}

/**
 * One enabled calendar: the due dates of its linked project (only where Google lets the account write),
 * then its events. What Google refused is kept on the calendar, to be shown beside it, until a sync succeeds.
 */
async function syncEnabledCalendar(api: CalendarApi, account: StoredAccount, enabled: StoredCalendar, options: SyncOptions): Promise<void> {
  const now = options.now ?? new Date();
  let calendar = enabled;
  const deadlines = options.syncDeadlines && calendar.projectId !== null;
  const { twoWaySync } = options;
  const deadlineError = !deadlines
    ? null
    : !canAddEvents(calendar)
      ? READ_ONLY_DUE_DATES
      : await reportingRefusal(account, 'write', async () => {
          if (twoWaySync) {
            // Google's side first: what the user moved there moves the tasks before the app writes its dates.
            calendar = await syncCalendarEvents(api, account, calendar, now);
            await applyMovedDeadlines(twoWaySync.caller, account, calendar);
          }
          await syncDeadlines(api, account, calendar);
        });
  const readError = await reportingRefusal(account, 'read', async () => {
    const read = await syncCalendarEvents(api, account, calendar, now);
    // Only the sync token is written back, and only while the calendar is still enabled: Calendar Settings
    // saved during this sync stand, and a calendar disabled meanwhile loses the copies this sync wrote.
    if (!(await saveSyncToken(account.workspaceId, account.userId, enabled, read, true))) {
      await dropEventCopies(account, calendar.calendarId);
    }
  });
  const syncError = deadlineError ?? readError;
  if (syncError !== enabled.syncError) await saveSyncError(account.workspaceId, account.userId, enabled, syncError);
}

/**
 * One account brought up to date: calendar list, due dates of linked projects, events of enabled
 * calendars; answers the account and its calendars as now stored. A grant Google refuses marks the account
 * as needing reconnection (and clears the mark when it works again) instead of failing the caller; Google
 * refusing one calendar's step is reported on that calendar.
 */
export async function syncAccount(account: StoredAccount, options: SyncOptions): Promise<{ account: StoredAccount; calendars: StoredCalendar[] }> {
  try {
    const api = await calendarApiOf(account);
    const calendars = await refreshCalendarList(api, account);
    for (const enabled of calendars.filter((candidate) => candidate.enabled)) await syncEnabledCalendar(api, account, enabled, options);
    if (await droppedMeanwhile(account)) return { account, calendars: [] };
    // As stored now: settings saved while this sync ran included.
    const current = await listCalendars(account.workspaceId, account.userId, account.accountId);
    if (!account.needsReconnect) return { account, calendars: current };
    const reconnected = { ...account, needsReconnect: false };
    await markReconnect(account, false);
    return { account: reconnected, calendars: current };
  } catch (error) {
    if (!(error instanceof GoogleGrantRevokedError)) throw error;
    logger.warn('Google refused a stored grant', { accountId: account.accountId });
    const marked = { ...account, needsReconnect: true };
    // Google refusing the grant is also what a sync sees when a disconnect or a removal revoked it meanwhile.
    if ((await markReconnect(account, true)) === 'missing' && (await droppedMeanwhile(account))) return { account: marked, calendars: [] };
    return { account: marked, calendars: await listCalendars(account.workspaceId, account.userId, account.accountId) };
  }
}
