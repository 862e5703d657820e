import * as rruleModule from 'rrule';
import type { Options } from 'rrule';
import type { TaskRepeat, WeekDay } from '../schemas/project.js';
import { weekDays } from '../schemas/project.js';
import { calendarDateIn } from './calendar-date.js';

/**
 * Recurring tasks (issue 36): a task's repeat rule is an RFC 5545 RRULE (without DTSTART: a task's dates
 * are days, and its series starts at its due date), read with the `rrule` package. All arithmetic runs on
 * days at 00:00 UTC, so no time zone or daylight-saving change can move a day; the task's time zone only
 * decides which day a completion happened on.
 *
 * Server and the web's task dialog import this module; the web loads it lazily (it carries `rrule`).
 */

// rrule ships CommonJS to Node's ESM loader (no named exports there) and ESM to bundlers (jkbrzt/rrule#548).
const { RRule } = ((rruleModule as { default?: typeof rruleModule }).default ?? rruleModule) satisfies typeof rruleModule;

/** The repeats the task dialog offers, each turned into an RRULE by `ruleFor`. */
export type RepeatChoice =
  | { readonly kind: 'daily' }
  | { readonly kind: 'weekdays' }
  | { readonly kind: 'weekly'; readonly days: readonly WeekDay[] }
  | { readonly kind: 'every'; readonly interval: number; readonly unit: 'day' | 'week' | 'month' }
  | { readonly kind: 'monthlyOnDay'; readonly day: number }
  | { readonly kind: 'monthlyOnWeekday'; readonly nth: 1 | 2 | 3 | 4 | -1; readonly day: WeekDay }
  | { readonly kind: 'yearly' };

const BYDAY: Record<WeekDay, string> = { monday: 'MO', tuesday: 'TU', wednesday: 'WE', thursday: 'TH', friday: 'FR', saturday: 'SA', sunday: 'SU' };
const FREQ_OF_UNIT = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' } as const;
/** Frequencies a task may repeat at: days, not hours. */
const TASK_FREQUENCIES = new Set<number>([RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY]);
/** The longest gap a rule may leave: a rule with no occurrence in this many years is refused. */
const HORIZON_YEARS = 10;

/**
 * The day of the month as a rule part: a day past the 28th also names the month's last day, and BYSETPOS=1
 * takes the first of the two, so "the 31st" is the 30th in April and the 28th (or 29th) in February.
 */
function monthDayParts(day: number): string {
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

const dayAt = (date: string): Date => new Date(`${date}T00:00:00Z`);
const dateOf = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The rule's options, or why it is not one a task can repeat by. */
function parse(rule: string): Partial<Options> | string {
  let options: Partial<Options>;
  try {
    options = RRule.parseString(rule);
  } catch {
    return 'Repeat must be an RRULE such as FREQ=WEEKLY;BYDAY=MO';
  }
  if (/DTSTART|TZID/i.test(rule)) return 'Repeat must not hold DTSTART or TZID: a task repeats from its due date';
  if (options.freq === undefined || !TASK_FREQUENCIES.has(options.freq)) return 'Repeat must be daily, weekly, monthly or yearly (FREQ)';
  // Each occurrence starts the rule again from its own date, so a COUNT would never run out: stop repeating instead.
  if (options.count !== undefined && options.count !== null) return 'Repeat must not hold COUNT; stop repeating the task instead (or give UNTIL)';
  if (options.interval !== undefined && (!Number.isInteger(options.interval) || options.interval < 1)) return 'Repeat INTERVAL must be a whole number of 1 or more';
  if (options.byhour !== undefined || options.byminute !== undefined || options.bysecond !== undefined) return 'Repeat must not name hours, minutes or seconds';
  return options;
}

/**
 * The rule anchored at `start`: when a monthly or yearly rule names no day of its own, it takes `start`'s,
 * with the month-end rule of `monthDayParts` (a series started on the 31st keeps to month ends).
 */
function anchored(options: Partial<Options>, start: string): InstanceType<typeof RRule> {
  const dtstart = dayAt(start);
  const namesDay = [options.bymonthday, options.byweekday, options.byyearday, options.byweekno, options.bysetpos].some((part) => part !== undefined && part !== null);
  const day = dtstart.getUTCDate();
  if (!namesDay && day > 28 && (options.freq === RRule.MONTHLY || options.freq === RRule.YEARLY)) {
    return new RRule({
      ...options,
      ...(options.freq === RRule.YEARLY ? { bymonth: [dtstart.getUTCMonth() + 1] } : {}),
      bymonthday: [day, -1],
      bysetpos: [1],
      dtstart,
    });
  }
  return new RRule({ ...options, dtstart });
}

/** Why `rule` cannot be a task's repeat (not an RRULE, sub-daily, never occurring), or undefined when it can. */
export function repeatRuleProblem(rule: string): string | undefined {
  const options = parse(rule);
  if (typeof options === 'string') return options;
  const start = new Date();
  try {
    const horizon = new Date(start.getTime());
    horizon.setUTCFullYear(horizon.getUTCFullYear() + HORIZON_YEARS);
    if (!anchored(options, dateOf(start)).between(start, horizon, true, (_, index) => index < 1).length) {
      return `Repeat must occur at least once in ${HORIZON_YEARS} years`;
    }
  } catch {
    return 'Repeat must be an RRULE such as FREQ=WEEKLY;BYDAY=MO';
  }
  return undefined;
}

/** The day a task was completed on, in its repeat's time zone. */
export function completionDay(completedAt: string, timeZone: string): string {
  return calendarDateIn(new Date(completedAt), timeZone);
}

/**
 * The due date of the occurrence after this one: the rule's first day after the due date (from: 'due'), or
 * after the day it was completed (from: 'completion', the rule starting that day). A task without a due date
 * repeats from its completion. Undefined when the rule has ended (UNTIL).
 */
export function nextDueDate(repeat: TaskRepeat, task: { readonly dueDate: string | null }, completedOn: string): string | undefined {
  const options = parse(repeat.rule);
  if (typeof options === 'string') return undefined;
  const start = repeat.from === 'due' && task.dueDate ? task.dueDate : completedOn;
  const next = anchored(options, start).after(dayAt(start), false);
  return next ? dateOf(next) : undefined;
}

/**
 * The coming occurrences of a repeating task in [from, to] (the calendar's month, the weekly plan's week),
 * after its own due date, each as if the one before were done on its due date. At most `limit`.
 */
export function comingDueDates(repeat: TaskRepeat, dueDate: string, from: string, to: string, limit = 62): string[] {
  const dates: string[] = [];
  let current: string | undefined = dueDate;
  while (dates.length < limit) {
    current = nextDueDate(repeat, { dueDate: current }, current);
    if (current === undefined || current > to) break;
    if (current >= from) dates.push(current);
  }
  return dates;
}

/** The repeat in words: "every month on the last Friday", "every 2 weeks (from completion)". */
export function describeRepeat(repeat: TaskRepeat): string {
  const options = parse(repeat.rule);
  if (typeof options === 'string') return 'repeats';
  const words = listOf(options.bymonthday).includes(-1) ? describeMonthEnd(options) : new RRule(options).toText();
  return repeat.from === 'completion' ? `${words} (from completion)` : words;
}

/** "every month on the 31st (or the month's last day)": rrule's words for BYSETPOS miss the point. */
function describeMonthEnd(options: Partial<Options>): string {
  const day = Math.max(...listOf(options.bymonthday));
  const every = options.interval && options.interval > 1 ? `every ${options.interval} months` : 'every month';
  return `${every} on day ${day} (or the month's last day)`;
}

/** A rule part rrule reads as one value or a list, as a list. */
function listOf<T>(part: T | readonly T[] | null | undefined): T[] {
  return part === undefined || part === null ? [] : ([] as T[]).concat(part);
}

/** The choice a rule came from, for the picker to show it again; undefined for a rule it cannot show. */
export function choiceOf(rule: string): RepeatChoice | undefined {
  return choiceRules.find((candidate) => ruleFor(candidate) === rule) ?? parametricChoice(rule);
}

const choiceRules: readonly RepeatChoice[] = [{ kind: 'daily' }, { kind: 'weekdays' }, { kind: 'yearly' }];

function parametricChoice(rule: string): RepeatChoice | undefined {
  const options = parse(rule);
  if (typeof options === 'string') return undefined;
  const candidates: RepeatChoice[] = [
    ...(['day', 'week', 'month'] as const).map((unit) => ({ kind: 'every' as const, interval: options.interval ?? 1, unit })),
    { kind: 'weekly', days: weekDays.filter((day) => listOf(options.byweekday).some((weekday) => String(weekday) === BYDAY[day])) },
    ...listOf(options.bymonthday).filter((day) => day > 0).map((day) => ({ kind: 'monthlyOnDay' as const, day })),
    ...weekDays.flatMap((day) => ([1, 2, 3, 4, -1] as const).map((nth) => ({ kind: 'monthlyOnWeekday' as const, nth, day }))),
  ];
  return candidates.find((candidate) => ruleFor(candidate) === rule);
}
