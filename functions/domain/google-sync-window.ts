import { addDays } from '../../shared/rules/calendar-date.js';
import { SYNC_WINDOW_DAYS } from '../../shared/schemas/google-calendar.js';

/**
 * Which events of a calendar a sync reads (spec pages §9: 30 days back to 90 days ahead): Google's changes
 * since the sync token, or the whole window. Kept apart from the sync itself, which needs the table and Google.
 */

export interface SyncWindow {
  readonly timeMin: string;
  readonly timeMax: string;
}

/** The window around today (UTC), as Google's timeMin and timeMax. */
export function syncWindow(now: Date): SyncWindow {
  const today = now.toISOString().slice(0, 10);
  return { timeMin: `${addDays(today, -SYNC_WINDOW_DAYS.back)}T00:00:00Z`, timeMax: `${addDays(today, SYNC_WINDOW_DAYS.ahead)}T00:00:00Z` };
}

/**
 * How to read the calendar now. A sync token only brings Google's changes within the window of the full read
 * it came from, so events that come within 90 days without changing would never arrive: once today + 90 days
 * is past that window's end (or the end is unknown), the token is dropped and the window read in full again.
 */
export function eventsToRead(calendar: { syncToken: string | null; syncWindowEnd: string | null }, now: Date): { syncToken: string } | SyncWindow {
  const window = syncWindow(now);
  const { syncToken, syncWindowEnd } = calendar;
  return syncToken !== null && syncWindowEnd !== null && window.timeMax <= syncWindowEnd ? { syncToken } : window;
}
