/** Time as Google writes and reads it: RFC 3339 instants and all-day dates. */
import { zoneOffsetMs } from '../../shared/rules/calendar-date.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Google writes times without milliseconds: 2030-01-08T10:00:00Z. */
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const startOfUtcDay = (ms: number): number => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** Midnight UTC of a valid `YYYY-MM-DD`, else undefined (2030-02-30 is not a day). */
export function parseDate(text: string): number | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDate(ms) === text ? ms : undefined;
}

/** An RFC 3339 date-time as an instant; one without an offset is read as wall-clock time in `timeZone`. */
export function parseDateTime(text: string, timeZone: string | undefined): number | undefined {
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
