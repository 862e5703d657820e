import * as rruleModule from 'rrule';
import type { Options } from 'rrule';
import type { SeriesFields, TaskRepeat, TaskView } from '../schemas/project.js';
import { addDays, calendarDateIn, daysBetween } from './calendar-date.js';
import { monthDayParts, repeatWords } from './repeat-choices.js';
import { withLabels } from './task-labels.js';
import { taskMinutes } from './weekly-planner.js';

/**
 * Recurring tasks (issue 36): a task's repeat rule is an RFC 5545 RRULE (without DTSTART: a task's dates
 * are days, and its series starts at its due date), read with the `rrule` package. All arithmetic runs on
 * days at 00:00 UTC, so no time zone or daylight-saving change can move a day; the task's time zone only
 * decides which day a completion happened on.
 *
 * Server and the web's task dialog import this module; the web loads it lazily (it carries `rrule`).
 */

// rrule ships CommonJS to Node's ESM loader (no named exports there: all is under `default`) and ESM to
// bundlers (jkbrzt/rrule#548); read through a plain object, so a bundler does not look for a default export.
const loaded: Record<string, unknown> = rruleModule;
const { RRule } = ('RRule' in loaded ? rruleModule : loaded.default) as typeof rruleModule;

/** Frequencies a task may repeat at: days, not hours. */
const TASK_FREQUENCIES = new Set<number>([RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY]);
/** The longest gap a rule may leave: a rule with no occurrence in this many years is refused. */
const HORIZON_YEARS = 10;

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

/** A monthly or yearly rule naming no day of its own, started past the 28th: `anchored` keeps it to month ends. */
function keptToMonthEnds(options: Partial<Options>, start: Date): boolean {
  const namesDay = [options.bymonthday, options.byweekday, options.byyearday, options.byweekno, options.bysetpos].some((part) => part !== undefined && part !== null);
  return !namesDay && start.getUTCDate() > 28 && (options.freq === RRule.MONTHLY || options.freq === RRule.YEARLY);
}

/**
 * The rule anchored at `start`: when a monthly or yearly rule names no day of its own, it takes `start`'s,
 * with the month-end rule of repeat-choices.ts's `monthDayParts` (a series started on the 31st keeps to month ends).
 */
function anchored(options: Partial<Options>, start: string): InstanceType<typeof RRule> {
  const dtstart = dayAt(start);
  const day = dtstart.getUTCDate();
  if (keptToMonthEnds(options, dtstart)) {
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

/**
 * The repeat as the occurrences after `dueDate` carry it: a bare monthly or yearly rule repeating from a due
 * date past the 28th names that day, with the month-end rule (BYMONTHDAY=31,-1;BYSETPOS=1, as the dialog's
 * "monthly on day 31" writes it). Without it the next occurrence, on the 28 February, would be the series'
 * start from then on and the 31st would be lost for good.
 */
export function repeatKeptToDay(repeat: TaskRepeat, dueDate: string | null): TaskRepeat {
  if (repeat.from !== 'due' || !dueDate) return repeat;
  const options = parse(repeat.rule);
  const start = dayAt(dueDate);
  if (typeof options === 'string' || !keptToMonthEnds(options, start)) return repeat;
  const month = options.freq === RRule.YEARLY ? `;BYMONTH=${start.getUTCMonth() + 1}` : '';
  return { ...repeat, rule: `${repeat.rule}${month};${monthDayParts(start.getUTCDate())}` };
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
  const carried = repeatKeptToDay(repeat, dueDate);
  let current: string | undefined = dueDate;
  while (dates.length < limit) {
    current = nextDueDate(carried, { dueDate: current }, current);
    if (current === undefined || current > to) break;
    if (current >= from) dates.push(current);
  }
  return dates;
}

/**
 * The series as a calendar app should repeat it from `dueDate`: the RRULE its occurrences carry
 * (`repeatKeptToDay`: a bare monthly rule from the 31st names its day and month ends, which RFC 5545 would
 * otherwise skip). Undefined where the days would differ: a task that repeats from its completion (no rule
 * can tell those days in advance), and a day named with the month end that can be two days of one month
 * (the 29th or 30th with the 31st; calendar apps such as ical.js then give both, not BYSETPOS's first).
 */
export function seriesRule(repeat: TaskRepeat, dueDate: string): string | undefined {
  const options = parse(repeat.rule);
  if (typeof options === 'string' || repeat.from !== 'due') return undefined;
  const carried = repeatKeptToDay(repeat, dueDate);
  if (carried.rule === repeat.rule) return repeat.rule;
  // Yearly, the month is the due date's: one day only when that is its month's end. Monthly: only the 31st.
  const twoDaysInAMonth = options.freq === RRule.YEARLY ? !addDays(dueDate, 1).endsWith('-01') : dayAt(dueDate).getUTCDate() < 31;
  return twoDaysInAMonth ? undefined : carried.rule;
}

/** The repeat in words ("every month on the last Friday"); rrule's own words for a rule the dialog does not offer. */
export function describeRepeat(repeat: TaskRepeat): string {
  const words = repeatWords(repeat);
  if (words) return words;
  const options = parse(repeat.rule);
  if (typeof options === 'string') return 'repeats';
  const text = new RRule(options).toText();
  return repeat.from === 'completion' ? `${text} (from completion)` : text;
}

/**
 * What an occurrence passes on to the next, one line per field: carrying another field is one line here
 * (and one in `seriesFields`, for "this one only" edits).
 */
export function carriedFields(task: TaskView): SeriesFields {
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    timeEstimate: task.timeEstimate,
    assignedTo: task.assignedTo,
    labelIds: task.labelIds ?? [],
  };
}

/**
 * The series after an edit of a repeating task. "This one only" keeps what the following occurrences take
 * as it was before (`series`, set at the first such edit); "this and the following" changes it too, so an
 * earlier "this one only" change stays this occurrence's alone. A task that stops repeating has none.
 */
export function withSeries(current: TaskView, next: TaskView, occurrenceOnly: boolean): TaskView {
  const { series: was, ...rest } = next;
  if (!next.repeat) return rest;
  if (occurrenceOnly) return { ...rest, series: was ?? carriedFields(current) };
  if (!was) return rest;
  const before = carriedFields(current);
  const after = carriedFields(next);
  // Compared as JSON: the labels are a list, equal by content.
  const changed = Object.fromEntries(Object.entries(after).filter(([field, value]) => JSON.stringify(before[field as keyof SeriesFields]) !== JSON.stringify(value)));
  return { ...rest, series: { ...was, ...changed } };
}

/**
 * The next occurrence of a completed repeating task, open in To Do on its next due date, with what it
 * carries (`carriedFields`, from the series where this occurrence was edited on its own). Not carried: the
 * pin (to the old date) and the blockers (of the old occurrence).
 */
export function nextOccurrenceOf(
  done: TaskView,
  made: { readonly id: string; readonly dueDate: string; readonly position: number; readonly createdBy: string; readonly now: string },
): TaskView {
  const { labelIds, ...carried } = carriedFields({ ...done, ...done.series });
  const next: TaskView = {
    id: made.id,
    projectId: done.projectId,
    ...carried,
    ...(done.repeat ? { repeat: repeatKeptToDay(done.repeat, done.dueDate) } : {}),
    status: 'todo',
    completed: false,
    completedAt: null,
    dueDate: made.dueDate,
    position: made.position,
    createdBy: made.createdBy,
    createdAt: made.now,
    updatedAt: made.now,
    version: 1,
  };
  return withLabels(next, labelIds);
}

/**
 * Where the next occurrence of a completed repeating task goes, for one write that completes `written` (and,
 * with it, its sub-tasks); `successorOf` names the next occurrence each task the write completes makes:
 * - a task of its own: on the board (undefined);
 * - a sub-task completed on its own: under its parent, which already exists (`existing`: the write checks
 *   that it is open, a task of its own and has room, else the occurrence goes on the board);
 * - a sub-task completed with its parent: under the parent's next occurrence, made in the same write, when the
 *   parent repeats; else on the board (its parent is completed).
 */
export function occurrenceHome(
  done: { readonly id: string; readonly parentId?: string },
  written: { readonly id: string },
  successorOf: ReadonlyMap<string, string>,
): { parentId: string; existing: boolean } | undefined {
  if (done.parentId === undefined) return undefined;
  if (done.id === written.id) return { parentId: done.parentId, existing: true };
  const parentsNext = successorOf.get(done.parentId);
  return parentsNext === undefined ? undefined : { parentId: parentsNext, existing: false };
}

/**
 * The sub-tasks of a completed occurrence as the next one holds them: open copies (what `carriedFields`
 * carries), in the same order, each due as many days after the new parent's date as it was after the old.
 * A copy's id comes from `idOf` (derived from the next occurrence's and the sub-task's, so a retry makes none twice).
 */
export function subtasksCarried(
  done: TaskView,
  successor: TaskView,
  subtasks: readonly TaskView[],
  made: { readonly idOf: (subtaskId: string) => string; readonly createdBy: string; readonly now: string },
): TaskView[] {
  const shift = done.dueDate && successor.dueDate ? daysBetween(done.dueDate, successor.dueDate) : undefined;
  return subtasks.map((subtask) => {
    const { labelIds, ...carried } = carriedFields(subtask);
    const copy: TaskView = {
      id: made.idOf(subtask.id),
      projectId: successor.projectId,
      ...carried,
      status: 'todo',
      completed: false,
      completedAt: null,
      dueDate: subtask.dueDate && shift !== undefined ? addDays(subtask.dueDate, shift) : null,
      position: subtask.position,
      createdBy: made.createdBy,
      createdAt: made.now,
      updatedAt: made.now,
      version: 1,
      parentId: successor.id,
    };
    return withLabels(copy, labelIds);
  });
}

/**
 * The time the coming occurrences of repeating tasks take in [from, to] (the weekly plan's week), by
 * assignee and day: not stored yet, they are not planned as tasks but keep their assignee busy, as calendar
 * events do. Unassigned ones are left out (the team's, with no one's day to take).
 */
export function comingBusyMinutes(tasks: readonly TaskView[], from: string, to: string): Record<string, Record<string, number>> {
  const busy: Record<string, Record<string, number>> = {};
  for (const task of tasks) {
    if (!task.repeat || !task.dueDate || !task.assignedTo || task.completed) continue;
    const days = (busy[task.assignedTo] ??= {});
    for (const day of comingDueDates(task.repeat, task.dueDate, from, to)) days[day] = (days[day] ?? 0) + taskMinutes(task);
  }
  return busy;
}

/** Two tables of busy minutes by person and day, added up. */
export function addBusyMinutes(a: Readonly<Record<string, Readonly<Record<string, number>>>>, b: Readonly<Record<string, Readonly<Record<string, number>>>>): Record<string, Record<string, number>> {
  const sum: Record<string, Record<string, number>> = {};
  for (const table of [a, b]) {
    for (const [person, days] of Object.entries(table)) {
      const into = (sum[person] ??= {});
      for (const [day, minutes] of Object.entries(days)) into[day] = (into[day] ?? 0) + minutes;
    }
  }
  return sum;
}
