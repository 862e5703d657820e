/** A stored ISO timestamp as a date in the user's locale, e.g. 'November 23, 2026'; unparsable text as is. */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
// English like the rest of the interface; numeric 'always' says '1 day ago', never 'yesterday'.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * How long ago a timestamp was (spec pages §9): under a minute 'Just now', then minutes, hours, days under
 * 7, else the date. A time slightly in the future (another device's clock) counts as just now.
 */
export function timeAgo(iso: string, now: Date, locale?: string): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return iso;
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return relative.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relative.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return relative.format(-Math.floor(elapsed / DAY_MS), 'day');
  return formatDate(iso, locale);
}
