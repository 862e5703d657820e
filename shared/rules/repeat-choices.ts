import { weekDays, type WeekDay } from '../schemas/project.js';

/**
 * The repeats the task dialog offers (issue 36) and their RRULEs, both ways. No `rrule` here: the dialog
 * and the cards use it on every page, and the rule only needs reading where dates are computed
 * (shared/rules/repeat.ts).
 */
export type RepeatChoice =
  | { readonly kind: 'daily' }
  | { readonly kind: 'weekdays' }
  | { readonly kind: 'weekly'; readonly days: readonly WeekDay[] }
  | { readonly kind: 'every'; readonly interval: number; readonly unit: RepeatUnit }
  | { readonly kind: 'monthlyOnDay'; readonly day: number }
  | { readonly kind: 'monthlyOnWeekday'; readonly nth: WeekOfMonth; readonly day: WeekDay }
  | { readonly kind: 'yearly' };
export type RepeatKind = RepeatChoice['kind'];

export const repeatUnits = ['day', 'week', 'month'] as const;
export type RepeatUnit = (typeof repeatUnits)[number];
/** The first to fourth, or (-1) the last such day of the month. */
export const weeksOfMonth = [1, 2, 3, 4, -1] as const;
export type WeekOfMonth = (typeof weeksOfMonth)[number];

const BYDAY: Record<WeekDay, string> = { monday: 'MO', tuesday: 'TU', wednesday: 'WE', thursday: 'TH', friday: 'FR', saturday: 'SA', sunday: 'SU' };
const FREQ_OF_UNIT: Record<RepeatUnit, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' };

/**
 * The day of the month as a rule part: a day past the 28th also names the month's last day, and BYSETPOS=1
 * takes the first of the two, so "the 31st" is the 30th in April and the 28th (or 29th) in February.
 */
export function monthDayParts(day: number): string {
  return day > 28 ? `BYMONTHDAY=${day},-1;BYSETPOS=1` : `BYMONTHDAY=${day}`;
}

/** The RRULE of a choice. */
export function ruleFor(choice: RepeatChoice): string {
  switch (choice.kind) {
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly':
      // No day chosen: weekly on the due date's day.
      if (choice.days.length === 0) return 'FREQ=WEEKLY';
      return `FREQ=WEEKLY;BYDAY=${weekDays.filter((day) => choice.days.includes(day)).map((day) => BYDAY[day]).join(',')}`;
    case 'every':
      return choice.interval === 1 ? `FREQ=${FREQ_OF_UNIT[choice.unit]}` : `FREQ=${FREQ_OF_UNIT[choice.unit]};INTERVAL=${choice.interval}`;
    case 'monthlyOnDay':
      return `FREQ=MONTHLY;${monthDayParts(choice.day)}`;
    case 'monthlyOnWeekday':
      return `FREQ=MONTHLY;BYDAY=${choice.nth}${BYDAY[choice.day]}`;
    case 'yearly':
      return 'FREQ=YEARLY';
  }
}

/**
 * The choice a rule came from, for the picker to show it again; undefined for a rule written otherwise (by
 * the assistant or the API), which the picker keeps as it is. Each candidate is built from the rule's parts
 * and kept only when it writes the very same rule.
 */
export function choiceOf(rule: string): RepeatChoice | undefined {
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string | undefined]));
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const byDay = (parts.get('BYDAY') ?? '').split(',');
  const candidates: RepeatChoice[] = [
    { kind: 'daily' },
    { kind: 'weekdays' },
    { kind: 'yearly' },
    ...repeatUnits.map((unit) => ({ kind: 'every' as const, interval, unit })),
    { kind: 'weekly', days: weekDays.filter((day) => byDay.includes(BYDAY[day])) },
    { kind: 'monthlyOnDay', day: Number((parts.get('BYMONTHDAY') ?? '').split(',')[0]) },
    ...weekDays.flatMap((day) => weeksOfMonth.map((nth) => ({ kind: 'monthlyOnWeekday' as const, nth, day }))),
  ];
  return candidates.find((candidate) => ruleFor(candidate) === rule);
}

const ORDINALS: Record<WeekOfMonth, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
const dayName = (day: WeekDay) => `${day[0]?.toUpperCase()}${day.slice(1)}`;

/** A choice in words ("every 2 weeks", "every month on the last Friday"). */
export function choiceWords(choice: RepeatChoice): string {
  switch (choice.kind) {
    case 'daily':
      return 'every day';
    case 'weekdays':
      return 'every weekday';
    case 'weekly':
      return choice.days.length === 0 ? 'every week' : `every week on ${choice.days.map(dayName).join(', ')}`;
    case 'every':
      return choice.interval === 1 ? `every ${choice.unit}` : `every ${choice.interval} ${choice.unit}s`;
    case 'monthlyOnDay':
      return choice.day > 28 ? `every month on day ${choice.day} (or the month's last day)` : `every month on day ${choice.day}`;
    case 'monthlyOnWeekday':
      return `every month on the ${ORDINALS[choice.nth]} ${dayName(choice.day)}`;
    case 'yearly':
      return 'every year';
  }
}

/** A task's repeat in words, "(from completion)" when it counts from there; undefined for a rule the choices do not hold. */
export function repeatWords(repeat: { readonly rule: string; readonly from: 'due' | 'completion' }): string | undefined {
  const choice = choiceOf(repeat.rule);
  if (!choice) return undefined;
  return repeat.from === 'completion' ? `${choiceWords(choice)} (from completion)` : choiceWords(choice);
}
