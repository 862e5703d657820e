import { calendarDateAtNoon } from '@shared/rules/calendar-date';

/**
 * The app's one date formatter: every date and time on screen goes through here, in the user's locale (the
 * browser's, unless a test passes one), so a day reads the same on every page.
 *
 * - date: 'Nov 23, 2026', the one way a day is written;
 * - dateTime: 'Nov 23, 2026, 2:05 PM';
 * - time: '2:05 PM';
 * - clock: '14:05:09' or '02:05:09 PM', a ticking clock;
 * - weekdayDate: 'Mon, Nov 23', where the weekday matters more than the year (agendas, calendar days);
 * - monthYear: 'November 2026', a calendar's title.
 */
export type DateStyle = 'date' | 'dateTime' | 'time' | 'clock' | 'weekdayDate' | 'monthYear';

const styles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  clock: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  weekdayDate: { weekday: 'short', month: 'short', day: 'numeric' },
  monthYear: { month: 'long', year: 'numeric' },
};

export interface FormatOptions {
  /** A BCP 47 locale; the browser's when absent. */
  readonly locale?: string | undefined;
  /** An IANA zone for timestamps; the browser's when absent. */
  readonly timeZone?: string | undefined;
}

// Building an Intl.DateTimeFormat is costly and boards format hundreds of dates: one per style and locale.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, { locale, timeZone }: FormatOptions): Intl.DateTimeFormat {
  const key = `${style}|${locale ?? ''}|${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...styles[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, cached);
  }
  return cached;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date ('2026-11-23') is a day read at 12:00 local time (spec core §3); anything else a moment. */
function toMoment(value: string | Date): Date {
  if (value instanceof Date) return value;
  return CALENDAR_DATE.test(value) ? calendarDateAtNoon(value) : new Date(value);
}

/** A calendar date, an ISO timestamp or a Date in the given style; unparsable text comes back as is. */
export function formatDate(value: string | Date, style: DateStyle = 'date', options: FormatOptions = {}): string {
  const moment = toMoment(value);
  if (Number.isNaN(moment.getTime())) return typeof value === 'string' ? value : '';
  return formatter(style, options).format(moment);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
// Relative words are English like the rest of the interface; only the dates follow the user's locale.
const ago = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * How long ago a timestamp was (spec pages §9): under a minute 'Just now', then minutes, hours, days under
 * 7, else the date. A time slightly in the future (another device's clock) counts as just now.
 */
export function timeAgo(iso: string, now: Date, locale?: string): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return iso;
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return ago.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return ago.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return ago.format(-Math.floor(elapsed / DAY_MS), 'day');
  return formatDate(iso, 'date', { locale });
}
