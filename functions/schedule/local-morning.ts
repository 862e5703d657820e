import { todayIn } from '../../shared/rules/calendar-date.js';

/** The hour of the user's own morning at which the scheduled mails go out, in their primary time zone. */
export const MORNING_HOUR = 7;

/** The hour of `moment` in an IANA time zone (UTC for one Intl does not know). */
export function hourIn(moment: Date, timeZone: string): number {
  const format = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(moment));
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/**
 * When `now` falls in the zone's 07:00 hour, that day (YYYY-MM-DD) and whether it is a Monday; otherwise
 * undefined. Read from the zone's wall clock, so a day on which the clocks change still has its one 07:00.
 */
export function morningIn(now: Date, timeZone: string): { date: string; monday: boolean } | undefined {
  if (hourIn(now, timeZone) !== MORNING_HOUR) return undefined;
  const date = todayIn(timeZone, now);
  return { date, monday: new Date(`${date}T00:00:00Z`).getUTCDay() === 1 };
}
