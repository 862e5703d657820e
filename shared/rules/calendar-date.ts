/**
 * Calendar dates as `YYYY-MM-DD` strings (spec core §3: deadlines and due dates are days, read as 12:00
 * local time on that day). Pure string arithmetic, so no time zone or daylight-saving change can move a day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The local calendar day of a moment, e.g. today: `toCalendarDate(new Date())`. */
export function toCalendarDate(moment: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The moment the app reads a calendar date as: 12:00 local time on that day (spec core §3). */
export function calendarDateAtNoon(date: string): Date {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
}

/** The calendar day of a moment in an IANA time zone (the user's, not the server's). */
export function calendarDateIn(moment: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** The user's day in their time zone at `moment` (UTC when none is given, or one Intl does not know). */
export function todayIn(timeZone: string | undefined, moment: Date = new Date()): string {
  try {
    return calendarDateIn(moment, timeZone ?? 'UTC');
  } catch {
    return calendarDateIn(moment, 'UTC');
  }
}

/** The day `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Minutes after midnight as HH:MM, e.g. 570 → '09:30' (1440 → '24:00'). */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** How far the wall clock of `timeZone` is ahead of UTC at `moment`, in milliseconds. */
export function zoneOffsetMs(moment: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wallClock - Math.floor(moment.getTime() / 1000) * 1000;
}

/** The moment a wall-clock `date` and `time` (HH:MM) mean in `timeZone` (a time skipped by DST moves on). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const asUtc = (dayNumber(date) * DAY_MS) + (hours * 60 + minutes) * 60_000;
  const offsetAtGuess = zoneOffsetMs(new Date(asUtc), timeZone);
  // Near a daylight-saving change the offset at the guess can differ from the one at the answer.
  const offset = zoneOffsetMs(new Date(asUtc - offsetAtGuess), timeZone);
  const answer = asUtc - offset;
  if (answer + zoneOffsetMs(new Date(answer), timeZone) === asUtc) return new Date(answer);
  // A wall-clock time the change skips (02:30 when clocks go from 02:00 to 03:00): read with the offset from
  // before the change, it lands as far after the jump (03:30), whichever way the zone is from UTC.
  return new Date(asUtc - Math.min(offset, offsetAtGuess));
}
