import { timeOfDay, zonedInstant } from '@shared/rules/calendar-date';

/**
 * The time-zone planner (spec pages §2 Time-zone planner, §3 Time zone entry, §9): the 12 fixed zones, a
 * moment chosen in the user's own zone (minutes after midnight, 30-minute steps), each zone's local time at
 * that moment, Good (09:00 to 17:00 local) or Late, and a recommendation. Every conversion goes through
 * Intl with the zone's rules for that date, so daylight-saving changes are right (no fixed offsets).
 */
export interface TimeZoneEntry {
  readonly name: string;
  readonly zone: string;
  readonly city: string;
  readonly country: string;
  readonly popular: boolean;
}

export const PLANNER_ZONES: readonly TimeZoneEntry[] = [
  { name: 'Pacific Time', zone: 'America/Los_Angeles', city: 'Los Angeles', country: 'United States', popular: true },
  { name: 'Mountain Time', zone: 'America/Denver', city: 'Denver', country: 'United States', popular: false },
  { name: 'Central Time', zone: 'America/Chicago', city: 'Chicago', country: 'United States', popular: false },
  { name: 'Eastern Time', zone: 'America/New_York', city: 'New York', country: 'United States', popular: true },
  { name: 'Coordinated Universal Time', zone: 'UTC', city: 'UTC', country: 'Worldwide', popular: true },
  { name: 'Central European Time', zone: 'Europe/Berlin', city: 'Berlin', country: 'Germany', popular: true },
  { name: 'India Standard Time', zone: 'Asia/Kolkata', city: 'Kolkata', country: 'India', popular: true },
  { name: 'China Standard Time', zone: 'Asia/Shanghai', city: 'Shanghai', country: 'China', popular: false },
  { name: 'Japan Standard Time', zone: 'Asia/Tokyo', city: 'Tokyo', country: 'Japan', popular: true },
  { name: 'Australian Eastern Time', zone: 'Australia/Sydney', city: 'Sydney', country: 'Australia', popular: true },
  { name: 'Singapore Time', zone: 'Asia/Singapore', city: 'Singapore', country: 'Singapore', popular: false },
  { name: 'Hong Kong Time', zone: 'Asia/Hong_Kong', city: 'Hong Kong', country: 'China', popular: false },
];

export const SLIDER_MAX_MINUTES = 1440;
export const SLIDER_STEP_MINUTES = 30;
const WORK_START_MINUTES = 9 * 60;
const WORK_END_MINUTES = 17 * 60;

interface ZonedParts {
  readonly date: string;
  readonly minutes: number;
}

/** The calendar date and minutes after midnight of an instant in a zone. */
export function zonedParts(instant: Date, zone: string): ZonedParts {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * The instant at which the clock in `zone` reads `minutes` after midnight of `date` (a time skipped by a
 * daylight-saving change resolves to as far after the jump, in every zone).
 */
export function instantAt(date: string, minutes: number, zone: string): Date {
  return zonedInstant(date, timeOfDay(minutes), zone);
}

/**
 * Working hours (09:00–17:00) are Good (spec pages §7); outside them the word says which side of the day:
 * Early before 09:00, Late in the evening, Night from 23:00 to 05:00 (the spec's single 'Late' called
 * 08:30 in Los Angeles late).
 */
export type Suitability = 'Good' | 'Early' | 'Late' | 'Night';

const NIGHT_END_MINUTES = 5 * 60;
const NIGHT_START_MINUTES = 23 * 60;

export function suitabilityAt(minutes: number): Suitability {
  if (minutes >= WORK_START_MINUTES && minutes <= WORK_END_MINUTES) return 'Good';
  if (minutes < NIGHT_END_MINUTES || minutes >= NIGHT_START_MINUTES) return 'Night';
  return minutes < WORK_START_MINUTES ? 'Early' : 'Late';
}

export interface ZoneAtMoment {
  readonly entry: TimeZoneEntry;
  /** HH:MM local. */
  readonly time: string;
  /** -1, 0 or +1: the local day against the chosen day. */
  readonly dayOffset: number;
  readonly suitability: Suitability;
}

/** Every planner zone at the moment `minutes` after midnight of `date` in `homeZone`. */
export function zonesAt(date: string, minutes: number, homeZone: string, zones: readonly TimeZoneEntry[] = PLANNER_ZONES): ZoneAtMoment[] {
  const instant = instantAt(date, minutes, homeZone);
  return zones.map((entry) => {
    const local = zonedParts(instant, entry.zone);
    const dayOffset = Math.round((Date.parse(local.date) - Date.parse(date)) / 86_400_000);
    return {
      entry,
      time: timeOfDay(local.minutes),
      dayOffset,
      suitability: suitabilityAt(local.minutes),
    };
  });
}

export type Recommendation = 'great' | 'decent' | 'poor';

/** 6 or more Good zones is a great time, 3 to 5 decent, fewer a warning. */
export function recommendationFor(goodZones: number): Recommendation {
  if (goodZones >= 6) return 'great';
  return goodZones >= 3 ? 'decent' : 'poor';
}

export const recommendationTexts: Record<Recommendation, (good: number, total: number) => string> = {
  great: (good, total) => `Great time for a meeting: ${good} of ${total} zones are in working hours.`,
  decent: (good, total) => `A decent time: ${good} of ${total} zones are in working hours.`,
  poor: (good, total) => `Not a good time: only ${good} of ${total} zones are in working hours. Try another time.`,
};

/** The slider's value as text: '13:30', and '24:00' at the end of the day. */
export const sliderLabel = timeOfDay;
