import { DEFAULT_PREFERRED_DAYS, weekDays, type Priority, type WeekDay } from '../schemas/project.js';
import { addDays } from './calendar-date.js';
import { fewestOverCapacity } from './fewest-over-capacity.js';

/**
 * The weekly planner (spec core §2 Weekly Plan, §9; issue 31): places every pending task of a workspace on
 * one of the next 7 days and says why, in a sentence a person would write. Pure: no clock, no I/O.
 *
 * - Deadlines first: tasks due within the week (overdue ones first) are placed in order of due date, each
 *   on or before its due date whenever any day with room allows it, if need be by making room (one task
 *   placed earlier moves to another day it may take, or the team's to another member that day; or late work
 *   on a day makes way: to other days, or out of the week, reported; or a chain: a task on time moves to
 *   another member's day, or another day, once the late work there made way); one that still fits no day by
 *   then goes over capacity on its roomiest day (a task others wait for: of the days that leave them a day of
 *   their own after it) and says so, rather than later. A task longer than its people's free time on every day
 *   it may take by then goes over capacity whatever happens: it comes after the rest of the work due this week,
 *   which then keeps the room it can fit in.
 *   Overdue work goes in as early as it can and is marked late. Then the rest: focus projects first, then
 *   priority (high, medium, low), then due date (those due after the week before those with none), then
 *   title and id (the same input gives the same plan). A task due after the week is pulled in only by room
 *   left after everything due sooner.
 * - Days: today and the 6 after it, only those among the project's preferred days (default Monday–Friday).
 * - Time: each person has `capacityMinutes` a day (default 8 h) less their busy time (the timed events of
 *   their connected calendars); the reasons say how much only when the calendar is the viewer's own (a
 *   colleague's private calendar is not the team's to measure). An assigned task takes its assignee's time;
 *   an unassigned one is the team's and takes the free time of whichever member has the most that day.
 *   Without members, unassigned work shares one pool of `capacityMinutes` a day. A task without an estimate
 *   counts as 60 minutes; one longer than a day goes alone on a day its person has nothing on yet.
 * - Spread: each person's week is levelled: a task goes to the earliest allowed day still under that
 *   person's even share of the week (their work over their free time), else to the allowed day with the
 *   most room — never first-fit into the first day.
 * - What fits nowhere and is not due within the week is reported, with the reason.
 */
export const PLAN_DAYS = 7;
export const DEFAULT_DAILY_CAPACITY_MINUTES = 8 * 60;
export const DEFAULT_TASK_MINUTES = 60;

export interface PlannerTask {
  readonly id: string;
  readonly projectId: string;
  readonly title: string;
  readonly priority: Priority;
  readonly dueDate: string | null;
  readonly timeEstimate: number | null;
  readonly assignedTo: string | null;
  /** Pinned to its due date: when that is a day of the plan, the task stays on it, first and whatever else. */
  readonly pinned?: true;
  /** The ids of its open blockers: it goes on no day before theirs (on their day, after them). */
  readonly openBlockerIds?: readonly string[];
}

/** An open blocker this plan does not place (another member's task, in a member's own plan). */
export interface OutsideBlocker {
  readonly title: string;
  /** Its due date: the day it is expected done; null when it has none. */
  readonly dueDate: string | null;
}

export interface PlannerProject {
  readonly id: string;
  readonly name: string;
  readonly preferredDays: readonly WeekDay[];
}

export interface PlannerInput {
  /** The first day of the plan, YYYY-MM-DD. */
  readonly today: string;
  readonly tasks: readonly PlannerTask[];
  readonly projects: readonly PlannerProject[];
  readonly focusProjectIds?: readonly string[];
  readonly capacityMinutes?: number;
  /**
   * The workspace's members, whose free time the team's (unassigned) work is done in. Without any, that work
   * shares one pool of `capacityMinutes` a day.
   */
  readonly memberIds?: readonly string[];
  /** Names for the reasons ('Mon is full for Ana'); an unknown id reads 'their assignee'. */
  readonly memberNames?: Readonly<Record<string, string>>;
  /** Minutes already taken by calendar events, per member and day (YYYY-MM-DD). */
  readonly busyMinutes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * Who the plan is shown to: reasons say how much of their own calendar was counted; of anyone else's,
   * only that it was. Without it no reason gives an amount.
   */
  readonly viewerId?: string;
  /**
   * The days the last plan gave tasks (task id → YYYY-MM-DD): a task stays on its day when that day is
   * still one it may take and has room, so regenerating moves as little as it can.
   */
  readonly previousDates?: Readonly<Record<string, string>>;
  /** Whose time the last plan gave the team's (unassigned) tasks (task id → member): kept while they have room. */
  readonly previousDoneBy?: Readonly<Record<string, string>>;
  /**
   * Each member's working minutes per day (YYYY-MM-DD), from their working time: 0 on a day they do not
   * work or have off. A person or day missing from it works `capacityMinutes`.
   */
  readonly workingMinutes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Open blockers of the tasks that are not among them, by id. A blocker in neither is taken as done. */
  readonly outsideBlockers?: Readonly<Record<string, OutsideBlocker>>;
}

export interface Placement {
  readonly taskId: string;
  readonly date: string;
  readonly minutes: number;
  readonly reason: string;
  /** Placed after its due date (it had passed, or no working day came before it): it stays late. */
  readonly late?: true;
  /** The day goes over its person's time: nothing else fitted by the task's due date. */
  readonly overCapacity?: true;
  /** For the team's (unassigned) work: the member whose free time it takes. */
  readonly doneBy?: string;
  /** Late, or kept on time only by going over capacity: why, and who has room for it by then. */
  readonly risk?: PlanRisk;
}

export interface PlanRisk {
  /** "can't fit by Thu: Ana has 2h free, it needs 5h"; "was due 25 Nov"; "can't be done by Thu: waits for Spec". */
  readonly text: string;
  /** A member (of the plan's) other than its assignee with room for it on a day by its due date. */
  readonly roomWith?: string;
}

export interface Unplaced {
  readonly taskId: string;
  readonly reason: string;
}

export interface PlannerResult {
  readonly placements: readonly Placement[];
  readonly unplaced: readonly Unplaced[];
  /** Each member's minutes still free per day of the plan once it is made (working time less calendar and plan). */
  readonly roomLeft: Readonly<Record<string, readonly number[]>>;
}

/** A placed task as the repair step sees it (makeRoom): where it is, and where else it may go. */
interface Slot {
  /** Its place in the placements. */
  readonly at: number;
  index: number;
  person: string;
  readonly minutes: number;
  readonly late: boolean;
  /** The plan's days it may take (its working days, by its due date when it has one this week). */
  readonly allowed: readonly number[];
  readonly teamWork: boolean;
  /** The day the last plan gave it (-1: none): moving it off that day moves it for the people who read that plan. */
  readonly previousIndex: number;
  /** Why it is on a day, whatever day: what its reason says again when a repair moves it. */
  readonly standing: Standing;
}

/** What a task's reason says wherever it goes: its deadline, what it waits for, focus or priority. */
interface Standing {
  readonly task: PlannerTask;
  readonly projectName: string;
  /** Its deadline (its due date, or an earlier one of a task it blocks) and, if so, that task's title. */
  readonly due: string | null;
  readonly dueFor: string | undefined;
  /** The last of its blockers, when it waits for one. */
  readonly waitsTitle: string | undefined;
  readonly lateAnyway: boolean;
  readonly lateForBlockers: boolean;
  readonly dueInWeek: boolean;
  readonly late: boolean;
  readonly isFocus: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** No days (a task not at risk has no days to name). */
const NO_DAYS: readonly number[] = [];

/**
 * The order a repair tries the tasks it may move in: on-time work before late work (which would go later
 * still); when regenerating, first the tasks off the day the last plan gave them (moving them again moves
 * nothing people read), then those on it.
 */
const REPAIR_PASSES: Record<'any' | 'keptLast', Record<'onTime' | 'withLate', readonly { readonly late: boolean; readonly kept?: boolean }[]>> = {
  any: { onTime: [{ late: false }], withLate: [{ late: false }, { late: true }] },
  keptLast: {
    onTime: [{ late: false, kept: false }, { late: false, kept: true }],
    withLate: [{ late: false, kept: false }, { late: true, kept: false }, { late: false, kept: true }, { late: true, kept: true }],
  },
};

/** A person's day: where a repair made room, or must not put anything while it makes room there. */
interface Spot {
  readonly index: number;
  readonly person: string;
}

/** A deadline task that went over capacity and may move: where it is, how long, and where else it may go. */
interface Overload {
  readonly at: number;
  readonly index: number;
  readonly minutes: number;
  readonly allowed: readonly number[];
  readonly standing: Standing;
}

/** The most tasks of one person's week packed again exactly (fewestOverCapacity): an overload's dozen, not a busy week's hundreds. */
const PACKED_TASKS_AT_MOST = 16;

/** How many of the team a repair tries per day for the team's work (the ones with the most room). */
const REPAIR_PEOPLE = 3;

/** The person whose time the team's work takes when the workspace has no members to share it. */
const TEAM_POOL = '\u0000team';
/** The key the team's (unassigned) work is summed under. */
const TEAM_WORK = '\u0000unassigned';
const priorityRank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
const shortDayNames: Record<WeekDay, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day of the week of a calendar date. */
export function weekDayOf(date: string): WeekDay {
  // 2024-01-01 was a Monday; the dates are whole UTC days, so the difference is exact.
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse('2024-01-01T00:00:00Z')) / 86_400_000);
  return weekDays[((days % 7) + 7) % 7] as WeekDay;
}

/** '25 Nov'. */
export function shortDate(date: string): string {
  const [, month = '1', day = '1'] = date.split('-');
  return `${Number(day)} ${monthNames[Number(month) - 1] ?? ''}`;
}

/** 'Fri 4 Dec': a day as people say it. */
export function dayInWords(date: string): string {
  return `${shortDayNames[weekDayOf(date)]} ${shortDate(date)}`;
}

export const taskMinutes = (task: Pick<PlannerTask, 'timeEstimate'>) => task.timeEstimate ?? DEFAULT_TASK_MINUTES;

/** Dates (YYYY-MM-DD) and ids compare as plain strings (titles as people read them, with localeCompare). */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Titles as people read them: localeCompare's order, from one collator (a sort compares thousands). */
const byTitle = new Intl.Collator().compare;

/** What the planning order reads of a task. */
type PlanningKeys = Pick<PlannerTask, 'id' | 'projectId' | 'title' | 'priority' | 'dueDate'>;

/**
 * Tasks in the planning order: after their deadlines when `deadlineOf` is given (tasks due within the plan's
 * days, overdue first), then focus projects first, then priority (high first), then due date (none last),
 * then title and id. Each task's keys are found once, not in every comparison: a plan sorts thousands.
 */
export function inPlanningOrder<T extends PlanningKeys>(tasks: readonly T[], focus: ReadonlySet<string>, deadlineOf: (task: T) => string | null = () => ''): T[] {
  return tasks
    .map((task) => ({ task, deadline: deadlineOf(task) ?? '', rank: (focus.has(task.projectId) ? 0 : 3) + priorityRank[task.priority], due: task.dueDate ?? '9999-12-31' }))
    .sort((a, b) => byCodePoint(a.deadline, b.deadline) || a.rank - b.rank || byCodePoint(a.due, b.due) || byTitle(a.task.title, b.task.title) || byCodePoint(a.task.id, b.task.id))
    .map((entry) => entry.task);
}

/** '45 min', '2h', '1h 30 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest} min`;
}

/** 'Mon', 'Mon and Tue', 'Mon, Tue and Wed'. */
function joinDays(names: readonly string[]): string {
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function listDays(names: readonly string[]): string {
  return `${joinDays(names)} ${names.length === 1 ? 'is' : 'are'}`;
}

/**
 * The dependencies among the tasks of one plan: each task's blockers that the plan places, whether it blocks
 * any, its deadline (its due date, or the earliest deadline of a task it blocks, which needs it done by
 * then) and an order that puts blockers before what they block. A cycle (refused when written; two edits at
 * once could still make one) is cut where it is found.
 */
function dependenciesOf(tasks: readonly PlannerTask[]) {
  const tasksById = new Map<string, PlannerTask>();
  for (const task of tasks) tasksById.set(task.id, task);
  const blockers = new Map<PlannerTask, string[]>();
  const dependents = new Map<string, PlannerTask[]>();
  for (const task of tasks) {
    if (!task.openBlockerIds || task.openBlockerIds.length === 0) continue;
    const inPlan = task.openBlockerIds.filter((id) => id !== task.id && tasksById.has(id));
    if (inPlan.length > 0) blockers.set(task, inPlan);
    for (const id of inPlan) dependents.set(id, [...(dependents.get(id) ?? []), task]);
  }
  type Deadline = { date: string | null; from?: PlannerTask };
  // Keyed by the task itself: a sort asks for each task's deadline hundreds of thousands of times.
  const deadlines = new Map<PlannerTask, Deadline>();
  const visiting = new Set<string>();
  const deadline = (task: PlannerTask): Deadline => {
    const known = deadlines.get(task);
    if (known) return known;
    let result: Deadline = { date: task.dueDate };
    const blocked = dependents.get(task.id);
    if (!blocked || visiting.has(task.id)) return result;
    visiting.add(task.id);
    for (const dependent of blocked) {
      const theirs = deadline(dependent).date;
      if (theirs === null || (result.date !== null && theirs > result.date)) continue;
      // Named after the task whose deadline it is, the first by id among equals (the same plan whatever the input order).
      if (theirs === result.date && (!result.from || result.from.id < dependent.id)) continue;
      result = { date: theirs, from: dependent };
    }
    visiting.delete(task.id);
    deadlines.set(task, result);
    return result;
  };
  const noBlockers: readonly string[] = [];
  const blockersInPlan = (task: PlannerTask): readonly string[] => blockers.get(task) ?? noBlockers;
  return {
    tasksById,
    deadlineOf: (task: PlannerTask) => (dependents.has(task.id) ? deadline(task).date : task.dueDate),
    deadlineFrom: (task: PlannerTask) => deadline(task).from?.title,
    blockersInPlan,
    hasDependents: (task: PlannerTask) => dependents.has(task.id),
    dependentsOf: (task: PlannerTask): readonly PlannerTask[] => dependents.get(task.id) ?? [],
    inOrderOfBlockers(order: readonly PlannerTask[]): readonly PlannerTask[] {
      if (blockers.size === 0) return order;
      const emitted = new Set<PlannerTask>();
      const inProgress = new Set<PlannerTask>();
      const result: PlannerTask[] = [];
      const emit = (task: PlannerTask) => {
        if (emitted.has(task)) return;
        const ids = blockers.get(task);
        // Most tasks wait for nothing: out at once.
        if (ids === undefined) {
          emitted.add(task);
          result.push(task);
          return;
        }
        if (inProgress.has(task)) return;
        inProgress.add(task);
        for (const id of ids) emit(tasksById.get(id) as PlannerTask);
        inProgress.delete(task);
        emitted.add(task);
        result.push(task);
      };
      for (const task of order) emit(task);
      return result;
    },
  };
}

/** The indexes of the days whose bits are set (bit i: the plan's day i). */
function dayIndexes(days: number): number[] {
  const indexes: number[] = [];
  for (let index = 0; index < PLAN_DAYS; index += 1) if (days & (1 << index)) indexes.push(index);
  return indexes;
}

/** One person's week: the minutes free each day (capacity less busy time) and what the plan put there. */
interface PersonWeek {
  readonly person: string;
  /** Their working minutes each day (their working time; `capacityMinutes` when not given). */
  readonly working: number[];
  readonly free: number[];
  readonly used: number[];
  readonly tasks: number[];
  /** Their even share: the part of each day's free time their work would take if spread over the week. */
  share: number;
  /** What the plan put on each day that a repair may move (made when first needed). */
  readonly movable: (Set<Slot> | undefined)[];
  /** The minutes of late work among them, per day: what clearing late work off that day could free. */
  readonly lateMinutes: number[];
  /** Of those, the minutes of work not on the day the last plan gave it: what could move without churn. */
  readonly freshLateMinutes: number[];
}

export function planWeek(input: PlannerInput): PlannerResult {
  const capacity = input.capacityMinutes ?? DEFAULT_DAILY_CAPACITY_MINUTES;
  const focus = new Set(input.focusProjectIds ?? []);
  const projects = new Map(input.projects.map((project) => [project.id, project]));
  const dates = Array.from({ length: PLAN_DAYS }, (_, offset) => addDays(input.today, offset));
  /** The plan's days on or before `date`, as bits (bit i: the plan's day i). */
  const daysUpTo = (date: string): number => {
    let days = 0;
    for (let index = 0; index < PLAN_DAYS && (dates[index] as string) <= date; index += 1) days |= 1 << index;
    return days;
  };
  // 'Mon', … for the dates the reasons name (computed once each: a plan names them thousands of times).
  const dayNames = new Map<string, string>();
  const dayName = (date: string): string => {
    let name = dayNames.get(date);
    if (name === undefined) {
      name = shortDayNames[weekDayOf(date)];
      dayNames.set(date, name);
    }
    return name;
  };
  const lastDay = dates[PLAN_DAYS - 1] ?? input.today;
  const firstWeekDay = weekDayOf(input.today);
  /** Per project: its preferred days, which of the plan's days are among them, and a key for that set of days. */
  const dayRules = new Map<string, { preferred: ReadonlySet<WeekDay>; works: readonly boolean[]; worksMask: number; key: string; worksText?: string }>();
  const rulesOf = (task: PlannerTask) => {
    let rules = dayRules.get(task.projectId);
    if (!rules) {
      const project = projects.get(task.projectId);
      const preferred = new Set(project && project.preferredDays.length > 0 ? project.preferredDays : DEFAULT_PREFERRED_DAYS);
      const works = dates.map((date) => preferred.has(weekDayOf(date)));
      rules = { preferred, works, worksMask: works.reduce((mask, working, index) => (working ? mask | (1 << index) : mask), 0), key: [...preferred].sort().join() };
      dayRules.set(task.projectId, rules);
    }
    return rules;
  };
  const workingDay = (task: PlannerTask) => rulesOf(task).works;

  // Everyone whose time the plan uses: the members (the team's work is theirs) and every assignee.
  const team = input.memberIds && input.memberIds.length > 0 ? [...input.memberIds] : [TEAM_POOL];
  const people = new Map<string, PersonWeek>();
  const weekOf = (person: string): PersonWeek => {
    let week = people.get(person);
    if (!week) {
      const busy = input.busyMinutes?.[person] ?? {};
      const working = dates.map((date) => Math.max(0, input.workingMinutes?.[person]?.[date] ?? capacity));
      week = {
        person,
        working,
        free: dates.map((date, index) => (working[index] ?? 0) - Math.min(busy[date] ?? 0, working[index] ?? 0)),
        used: dates.map(() => 0),
        tasks: dates.map(() => 0),
        share: 1,
        movable: [],
        lateMinutes: dates.map(() => 0),
        freshLateMinutes: dates.map(() => 0),
      };
      people.set(person, week);
    }
    return week;
  };
  // The team's weeks, looked up once: the team's work looks at each member's every day.
  const teamWeeks = team.map(weekOf);
  /** Each assignee's week as the only candidate of their tasks (one list per person, not per task). */
  const aloneWeeks = new Map<string, readonly PersonWeek[]>();
  const aloneIn = (person: string): readonly PersonWeek[] => {
    let weeks = aloneWeeks.get(person);
    if (!weeks) {
      weeks = [weekOf(person)];
      aloneWeeks.set(person, weeks);
    }
    return weeks;
  };
  // The team's free time per day (each member's room, none below 0), kept up to date as work is placed.
  const inTeam = new Set(team);
  const teamRoom = dates.map((_, day) => team.reduce((room, person) => room + Math.max(0, roomLeftFor(person, day)), 0));
  const largestRoom: (number | undefined)[] = [];
  /** In a repair: the two members with the most room per day, once found (knowTeamRoom). */
  let teamRoomKnown = false;
  const teamFirst: string[] = [];
  const teamSecond: (string | undefined)[] = [];
  for (const task of input.tasks) if (task.assignedTo) weekOf(task.assignedTo);

  // Each person's even share: their own work, and the team's spread over the team's free time, over the
  // free time of the days their work may use.
  const anyWorkingDay = dates.map((_, index) => input.tasks.some((task) => workingDay(task)[index]));
  const freeOn = (week: PersonWeek) => week.free.reduce((sum, minutes, index) => sum + (anyWorkingDay[index] ? minutes : 0), 0);
  const teamFree = team.reduce((sum, person) => sum + freeOn(weekOf(person)), 0);
  const work = new Map<string, number>();
  for (const task of input.tasks) work.set(task.assignedTo ?? TEAM_WORK, (work.get(task.assignedTo ?? TEAM_WORK) ?? 0) + taskMinutes(task));
  const teamWork = work.get(TEAM_WORK) ?? 0;
  for (const [person, week] of people) {
    const free = freeOn(week);
    const own = work.get(person) ?? 0;
    const teamPart = team.includes(person) && teamFree > 0 ? (teamWork * free) / teamFree : 0;
    week.share = free > 0 ? Math.min(1, (own + teamPart) / free) : 1;
  }

  const placements: Placement[] = [];
  /** Placements late work left the week from, to make way for a deadline (clearLateWork). */
  const leftOut = new Set<number>();
  const unplaced: Unplaced[] = [];
  let movableLateWork = 0;
  /** How many movable tasks stand on the day the last plan gave them (moving one of those is churn). */
  let movableOnPreviousDay = 0;
  /**
   * The latest day a focus task without a deadline this week took, per person (or the team), priority and
   * set of allowed days: a task of another project of that priority never goes before it (the gap it would
   * fill was the focus task's to take).
   */
  const focusFloor = new Map<string, number>();
  // Pinned tasks on a day of the plan go first, on their day: everything else plans around them.
  const pinnedDay = (task: PlannerTask) => (task.pinned && task.dueDate !== null ? dates.indexOf(task.dueDate) : -1);
  const { tasksById, deadlineOf, deadlineFrom, blockersInPlan, hasDependents, dependentsOf, inOrderOfBlockers } = dependenciesOf(input.tasks);
  const pinned = inPlanningOrder(input.tasks.filter((task) => pinnedDay(task) >= 0), focus, deadlineOf);
  const free = input.tasks.filter((task) => pinnedDay(task) < 0);
  const isDueInWeek = (task: PlannerTask) => {
    const deadline = deadlineOf(task);
    return deadline !== null && deadline <= lastDay;
  };
  /**
   * The last day a task others wait for may take and still leave each of them (and theirs, down the chain) a
   * day of its project's on or after it, by its due date when it has one this week: where such a task has to go
   * over capacity, it goes on the roomiest of the days up to that one rather than always on its first.
   */
  const latestDays = new Map<PlannerTask, number>();
  const latestDayFor = (task: PlannerTask): number => {
    const known = latestDays.get(task);
    if (known !== undefined) return known;
    latestDays.set(task, PLAN_DAYS - 1); // a cycle (cut where the plan orders blockers) ends here
    let days = rulesOf(task).worksMask;
    const due = task.dueDate;
    if (due !== null && due >= input.today) {
      const byOwnDue = daysUpTo(due);
      // Late whatever day it gets: its own due date does not narrow its days.
      if ((days & byOwnDue) !== 0) days &= byOwnDue;
    }
    for (const dependent of dependentsOf(task)) {
      const theirs = latestDayFor(dependent);
      if (theirs >= 0) days &= (2 << theirs) - 1;
    }
    const latest = days === 0 ? -1 : 31 - Math.clz32(days);
    latestDays.set(task, latest);
    return latest;
  };
  /** The days a task others wait for may go over capacity on: those up to latestDayFor, else its first. */
  const overloadDaysOf = (task: PlannerTask, indexes: readonly number[]): readonly number[] => {
    const latest = latestDayFor(task);
    const upToLatest = indexes.filter((index) => index <= latest);
    return upToLatest.length > 0 ? upToLatest : indexes.slice(0, 1);
  };
  const dueThisWeek: PlannerTask[] = [];
  const dueLater: PlannerTask[] = [];
  for (const task of free) (isDueInWeek(task) ? dueThisWeek : dueLater).push(task);
  /**
   * Whether a task due this week is longer than its people's free time on every day it may take by then: it
   * goes over capacity whatever else is planned, so it goes after the rest of the work due this week and
   * leaves the room to the tasks that can fit (as the exact search's plans do), still on time, flagged.
   */
  const fitsNoDayByDue = (task: PlannerTask): boolean => {
    const due = deadlineOf(task);
    const minutes = taskMinutes(task);
    if (due === null || due < input.today || minutes > capacity) return false;
    const weeks = task.assignedTo ? aloneIn(task.assignedTo) : teamWeeks;
    const days = dayIndexes(rulesOf(task).worksMask & daysUpTo(due));
    return days.length > 0 && days.every((day) => weeks.every((week) => (week.free[day] ?? 0) < minutes));
  };
  const withDeadline: PlannerTask[] = [];
  const goingOver: PlannerTask[] = [];
  for (const task of inPlanningOrder(dueThisWeek, focus, deadlineOf)) (fitsNoDayByDue(task) ? goingOver : withDeadline).push(task);
  const rest = inPlanningOrder(dueLater, focus);
  /** Where each task this plan placed went (its day's index), and which it could not place. */
  const placedAt = new Map<string, number>();
  const notPlaced = new Set<string>();
  /** The placements at risk, with the days a member with room could do them on. */
  let risky: { at: number; task: PlannerTask; days: readonly number[] }[] = [];
  /** The deadline work that went over capacity and may move (not pinned, late or in a chain of blockers), by person. */
  const overloads = new Map<string, Overload[]>();

  // Blockers go before the tasks they block (a blocker of urgent work is urgent too).
  for (const task of inOrderOfBlockers([...pinned, ...withDeadline, ...goingOver, ...rest])) {
    const project = projects.get(task.projectId);
    const projectName = project?.name ?? 'its project';
    const rules = rulesOf(task);
    const who = whoDoes(task);
    const candidateWeeks = task.assignedTo ? aloneIn(task.assignedTo) : teamWeeks;
    const minutes = taskMinutes(task);
    const isFocus = focus.has(task.projectId);
    // Only a task others wait for needs its day known to them (placedAt, notPlaced).
    const blocksOthers = hasDependents(task);
    // Its deadline: its due date, or an earlier one of a task it blocks (which needs it done by then).
    const due = deadlineOf(task);
    const ownDue = task.dueDate;
    const dueFor = due !== ownDue ? deadlineFrom(task) : undefined;
    const overdue = due !== null && due < input.today;
    const dueInWeek = due !== null && due <= lastDay;
    // Pinned to a day after the week (moved to next week): a pin never moves, so not this week at all.
    if (task.pinned && ownDue !== null && ownDue > lastDay) {
      if (blocksOthers) notPlaced.add(task.id);
      unplaced.push({ taskId: task.id, reason: `Pinned to ${dayName(ownDue)} ${shortDate(ownDue)}` });
      continue;
    }
    // Not before the day its blockers are planned for (the last of them); none at all when one cannot be.
    const waits = waitsFor(task);
    if (waits.impossible) {
      if (blocksOthers) notPlaced.add(task.id);
      unplaced.push({ taskId: task.id, reason: `Waits for ${waits.impossible}` });
      continue;
    }
    const notBefore = waits.index;
    // Days as bits (bit i: the plan's day i). A task due this week may go on the days up to its due date;
    // overdue work and the rest, on any day. Its project's working days from its blockers' on; of those, the
    // ones by its due date when due this week.
    const byDue = due === null ? 0 : daysUpTo(due);
    const afterBlockers = rules.worksMask & ~((1 << notBefore) - 1);
    const daysBy = !dueInWeek || overdue ? afterBlockers : afterBlockers & byDue;
    const lateAnyway = dueInWeek && !overdue && daysBy === 0;
    const allowed = lateAnyway ? afterBlockers : daysBy;

    const floorKey = dueInWeek || (!isFocus && focusFloor.size === 0) ? '' : `${task.assignedTo ?? TEAM_POOL}|${task.priority}|${rules.key}`;
    const floor = dueInWeek || isFocus || focusFloor.size === 0 ? 0 : (focusFloor.get(floorKey) ?? 0);
    const indexes: number[] = [];
    for (let index = floor; index < PLAN_DAYS; index += 1) if (allowed & (1 << index)) indexes.push(index);
    // The earliest day under the person's even share (late work: the earliest day with room at all, as every
    // day later is a day later still); else the day with the most room; else, for work due this week, over
    // capacity on the day with the most room by its due date.
    let chosen: { index: number; person: string; overCapacity?: true; kept?: true; pinned?: true } | undefined;
    // Late whatever day it gets: it was due before today, or before any day its project works.
    const late = overdue || lateAnyway;
    // Late because of its blockers: it had working days by its due date, but they came before theirs.
    const lateForBlockers = lateAnyway && (rules.worksMask & byDue) !== 0;
    const pinIndex = pinnedDay(task);
    if (pinIndex >= 0) {
      // Its day, in the time of whoever has the most room then; over capacity (said) rather than elsewhere.
      const found = roomOn(pinIndex, minutes, candidateWeeks, false);
      let roomiestWeek: PersonWeek | undefined;
      for (const week of candidateWeeks) if (!roomiestWeek || roomIn(week, pinIndex) > roomIn(roomiestWeek, pinIndex)) roomiestWeek = week;
      const person = found?.person ?? roomiestWeek?.person ?? TEAM_POOL;
      chosen = found ? { index: pinIndex, person, pinned: true } : { index: pinIndex, person, pinned: true, overCapacity: true };
    }
    const previousIndex = input.previousDates ? dates.indexOf(input.previousDates[task.id] ?? '') : -1;
    if (!chosen && previousIndex >= 0 && indexes.includes(previousIndex)) {
      // The team's work stays with the member the last plan gave it to while they have room: moving it to
      // another would take time that member's own work was planned into.
      const previousPerson = task.assignedTo ? undefined : input.previousDoneBy?.[task.id];
      const found =
        (previousPerson !== undefined && inTeam.has(previousPerson) ? roomOn(previousIndex, minutes, aloneIn(previousPerson), false) : undefined) ??
        roomOn(previousIndex, minutes, candidateWeeks, false);
      if (found) chosen = { index: previousIndex, person: found.person, kept: true };
    }
    if (!chosen) {
      for (const index of indexes) {
        const found = roomOn(index, minutes, candidateWeeks, !late);
        if (found) {
          chosen = { index, person: found.person };
          break;
        }
      }
    }
    if (!chosen) {
      for (const index of indexes) {
        const found = roomOn(index, minutes, candidateWeeks, false);
        if (found && (!chosen || roomIn(found, index) > roomLeft(chosen))) chosen = { index, person: found.person };
      }
    }
    // Before going over capacity: room made by moving one task already placed to another day it may take.
    if (!chosen && dueInWeek && !overdue && minutes <= capacity) chosen = makeRoom(minutes, candidateWeeks, indexes, !late);
    if (!chosen && dueInWeek && indexes.length > 0) {
      // Over capacity on the day with the most room, or on the day the last plan gave it (over capacity either
      // way: moving it would only move the overload, and the person's week with it).
      // A task others wait for: a day that leaves them days after it.
      chosen =
        (indexes.includes(previousIndex) ? overCapacityOn([previousIndex], candidateWeeks) : undefined) ??
        overCapacityOn(blocksOthers ? overloadDaysOf(task, indexes) : indexes, candidateWeeks) ??
        (blocksOthers ? overCapacityOn(indexes, candidateWeeks) : undefined);
    }
    if (!chosen && dueInWeek && !overdue && indexes.length > 0) {
      // Its people are off on every day it could take by then: late, on the first day after with room for it
      // (at risk, naming who has room by then), else over capacity on the first day one of them works.
      const afterDue = dayIndexes(afterBlockers & ~daysBy);
      for (const index of afterDue) {
        const found = roomOn(index, minutes, candidateWeeks, false);
        if (found) {
          chosen = { index, person: found.person };
          break;
        }
      }
      for (const index of afterDue) chosen ??= overCapacityOn([index], candidateWeeks);
    }

    if (!chosen) {
      if (blocksOthers) notPlaced.add(task.id);
      const reason =
        allowed === 0 ? `${projectName} has no preferred day in the next ${PLAN_DAYS} days` : `No room: ${projectName}'s days in the next ${PLAN_DAYS} days are full for ${who}`;
      unplaced.push({ taskId: task.id, reason });
      continue;
    }

    const { index, person } = chosen;
    if (isFocus && !dueInWeek) focusFloor.set(floorKey, Math.max(focusFloor.get(floorKey) ?? 0, index));
    // At risk: late against its own due date, or on time only by going over capacity. Said before the task
    // takes its time: how much its people had free by then.
    const atRisk = chosen.overCapacity === true || (ownDue !== null && (dates[index] ?? input.today) > ownDue);
    const riskDays = atRisk ? dayIndexes(daysBy) : NO_DAYS;
    let riskText = '';
    if (atRisk) {
      if (ownDue !== null && ownDue < input.today) riskText = `was due ${shortDate(ownDue)}`;
      else if (lateAnyway && due) {
        riskText = `can't be done by ${dayName(due)}: ${waits.title && lateForBlockers ? `waits for ${waits.title}` : `${projectName} works no day by then`}`;
      } else {
        let free = 0;
        for (const day of riskDays) free += roomOf(candidateWeeks, day);
        riskText = `can't fit by ${dayName(due ?? lastDay)}: ${who} has ${formatMinutes(free)} free, it needs ${formatMinutes(minutes)}`;
      }
    }
    occupy(person, index, minutes);
    const date = dates[index] ?? input.today;
    const standing: Standing = { task, projectName, due, dueFor, waitsTitle: waits.title, lateAnyway, lateForBlockers, dueInWeek, late, isFocus };
    const why: string[] = [];
    standingReasons(why, standing, date);
    if (chosen.pinned) why.push('pinned to this day');
    if (chosen.kept) why.push('kept where the last plan put it');
    if (chosen.overCapacity) why.push(`over capacity for ${who}: nothing else fitted by ${overdue ? 'now' : dayName(due ?? date)}`);
    const busy = task.assignedTo ? input.busyMinutes?.[task.assignedTo] : undefined;
    // The days it may take before its own (skipped), and of those the ones full for its people.
    let skipped = 0;
    for (const earlier of indexes) if (earlier < index) skipped += 1;
    if (!chosen.overCapacity && !chosen.kept && !chosen.pinned && skipped > 0) {
      let fullDays = 0;
      let fullWithEvents = false;
      let fullNames: string[] | undefined;
      let offNames: string[] | undefined;
      for (const earlier of indexes) {
        if (earlier >= index) continue;
        let full = true;
        for (const week of candidateWeeks) if (roomIn(week, earlier) >= minutes) full = false;
        if (!full) continue;
        fullDays += 1;
        const day = dates[earlier] ?? date;
        if ((busy?.[day] ?? 0) > 0) fullWithEvents = true;
        // A day nobody who could take it works (a day off, or not a working day of theirs) is said as such.
        let off = true;
        for (const week of candidateWeeks) if ((week.working[earlier] ?? 0) !== 0) off = false;
        if (off) (offNames ??= []).push(dayName(day));
        else (fullNames ??= []).push(dayName(day));
      }
      if (offNames) why.push(`${who === 'the team' ? 'nobody works' : `${who} is off`} ${joinDays(offNames)}`);
      if (fullNames) why.push(`${listDays(fullNames)} full for ${who}${fullWithEvents ? ' (calendar events included)' : ''}`);
      if (skipped > fullDays) why.push(`spreads ${who === 'the team' ? "the team's" : `${who}'s`} week`);
    }
    const busyThatDay = busy?.[date] ?? 0;
    if (busyThatDay > 0) why.push(`${task.assignedTo === input.viewerId ? `${formatMinutes(busyThatDay)} of ` : ''}${who}'s calendar events that day counted`);
    if (!rules.preferred.has(firstWeekDay) && index > 0 && skipped === 0) why.push(`${projectName} works ${(rules.worksText ??= [...rules.preferred].map((day) => shortDayNames[day]).join(', '))}`);
    if (minutes > capacity) why.push('longer than a day, so alone');
    // Its fields one by one, in the order they are read (no spreads of small objects: a plan makes thousands).
    const placement: Mutable<Placement> = { taskId: task.id, date, minutes, reason: `${dayName(date)}: ${why.length > 0 ? why.join('; ') : 'the first day with room'}` };
    // Late against its own due date (a deadline it took from a task it blocks makes it urgent, not late).
    if (ownDue !== null && date > ownDue) placement.late = true;
    if (chosen.overCapacity) placement.overCapacity = true;
    if (!task.assignedTo && person !== TEAM_POOL) placement.doneBy = person;
    if (riskText) placement.risk = { text: riskText };
    placements.push(placement);
    if (blocksOthers) placedAt.set(task.id, index);
    if (riskText && !task.pinned) risky.push({ at: placements.length - 1, task, days: riskDays.length > 0 ? riskDays : dayIndexes(afterBlockers) });
    // Only what may move is kept where a repair looks: not a pinned task, one over capacity or one longer than
    // a day; and not a task in a chain of blockers (moving it could put it before a blocker or after a dependent).
    if (!chosen.overCapacity && !chosen.pinned && minutes <= capacity && !blocksOthers && blockersInPlan(task).length === 0) {
      addSlot({ at: placements.length - 1, index, person, minutes, late, allowed: indexes, standing, teamWork: !task.assignedTo, previousIndex });
      if (late) movableLateWork += 1;
      if (index === previousIndex) movableOnPreviousDay += 1;
    } else if (chosen.overCapacity && !chosen.pinned && !late && minutes <= capacity && !blocksOthers && blockersInPlan(task).length === 0) {
      overloads.set(person, [...(overloads.get(person) ?? []), { at: placements.length - 1, index, minutes, allowed: indexes, standing }]);
    }
  }
  for (const [person, over] of overloads) if (over.length > 1) packWeek(person, over);
  // Who has room for each task at risk, once everything is placed: a member other than its person with a
  // day by its due date that still has its time free (the earliest such day, then the most room).
  // Per day, the two members with the most room: at least one of them is not the task's own person.
  const memberWeeks = input.memberIds && input.memberIds.length > 0 ? teamWeeks : [];
  const roomiestTwo = dates.map((_, day) => roomiest(memberWeeks, day, 2));
  for (const { at, task, days } of risky) {
    if (leftOut.has(at)) continue;
    const placement = placements[at] as Placement;
    const busyPerson = task.assignedTo ?? placement.doneBy;
    for (const day of days) {
      let who: PersonWeek | undefined;
      for (const week of roomiestTwo[day] ?? []) {
        if (week.person === busyPerson || roomIn(week, day) < placement.minutes) continue;
        if (who === undefined || roomIn(week, day) > roomIn(who, day)) who = week;
      }
      if (who === undefined) continue;
      if (placement.risk) placements[at] = { ...placement, risk: { ...placement.risk, roomWith: who.person } };
      break;
    }
  }
  const roomAfter = Object.fromEntries([...people.keys()].filter((person) => person !== TEAM_POOL).map((person) => [person, dates.map((_, day) => roomLeftFor(person, day))]));
  return { placements: leftOut.size === 0 ? placements : placements.filter((_, at) => !leftOut.has(at)), unplaced, roomLeft: roomAfter };

  /**
   * Of `among`, the one with the most room on a day if a task of `minutes` fits there: within their even
   * share of the day (plus a little) when `byShare`, else within their free time.
   */
  function roomOn(index: number, minutes: number, among: readonly PersonWeek[], byShare: boolean): PersonWeek | undefined {
    // No member has the room: on a busy workspace most of the team's work meets a full day.
    if (among === teamWeeks && minutes <= capacity && minutes > largestTeamRoom(index)) return undefined;
    let best: PersonWeek | undefined;
    let bestRoom = 0;
    for (const week of among) {
      const free = week.free[index] ?? 0;
      const used = week.used[index] ?? 0;
      const alone = (week.tasks[index] ?? 0) === 0;
      // A task longer than a day goes alone on a working day its person has nothing else on (meetings
      // included); an empty day takes any task that fits it, so the share never keeps a day idle.
      const limit = byShare ? Math.min(1, week.share + 0.05) : 1;
      // Never a day they do not work, not even for a task of no time.
      const fits = works(week, index) && (minutes > capacity ? alone && free === week.working[index] : used + minutes <= Math.max(limit * free, alone ? minutes : 0) && used + minutes <= free);
      const room = free - used;
      if (fits && (!best || room > bestRoom)) {
        best = week;
        bestRoom = room;
      }
    }
    return best;
  }

  /** Adds to `why` what a task's reason says on day `on` whatever else: its deadline, what it waits for, focus or priority. */
  function standingReasons(why: string[], standing: Standing, on: string): void {
    const { task, projectName, due, dueFor, waitsTitle, lateAnyway, lateForBlockers, dueInWeek } = standing;
    const ownDue = task.dueDate;
    if (ownDue !== null && ownDue < input.today) why.push(`late: was due ${shortDate(ownDue)}`);
    if (lateAnyway && due && !dueFor) why.push(waitsTitle && lateForBlockers ? `late: waits for ${waitsTitle}` : `late: ${projectName} works no day by its due date, ${dayName(due)}`);
    if (dueInWeek && !standing.late && due && !dueFor) why.push(due === on ? 'due that day' : `due ${dayName(due)}`);
    if (dueFor && due) why.push(`${dueFor} waits for it (due ${due < input.today ? shortDate(due) : dayName(due)})`);
    if (waitsTitle && !(lateAnyway && lateForBlockers)) why.push(`after ${waitsTitle}, which blocks it`);
    if (!dueInWeek && due) why.push(`due ${shortDate(due)}, and this week had room`);
    if (standing.isFocus) why.push(`${projectName} is a focus project`);
    else if (task.priority === 'high') why.push('high priority');
  }

  /** A moved task's reason: what it said wherever it goes, and the move. */
  function reasonAfterMove(standing: Standing, on: string, note: string): string {
    const why: string[] = [];
    standingReasons(why, standing, on);
    why.push(note);
    return `${dayName(on)}: ${why.join('; ')}`;
  }

  /**
   * The first day a task may go on after its blockers (the day the last is planned for, or due when the plan
   * does not place it) and the last blocker's title; `impossible` when one cannot be done this week.
   */
  function waitsFor(task: PlannerTask): { index: number; title?: string; impossible?: string } {
    let index = 0;
    let title: string | undefined;
    for (const id of task.openBlockerIds ?? []) {
      const blocker = tasksById.get(id);
      if (blocker && id !== task.id) {
        const at = placedAt.get(id);
        if (notPlaced.has(id)) return { index, impossible: `${blocker.title}, which has no room this week` };
        // Not placed yet: a cycle (refused when written; one made by two edits at once is ignored here).
        if (at !== undefined && at >= index) [index, title] = [at, blocker.title];
        continue;
      }
      const outside = input.outsideBlockers?.[id];
      if (!outside) continue;
      const at = outside.dueDate === null ? -1 : outside.dueDate < input.today ? 0 : dates.indexOf(outside.dueDate);
      if (at < 0) return { index, impossible: `${outside.title}, which is not planned this week` };
      if (at >= index) [index, title] = [at, outside.title];
    }
    return title === undefined ? { index } : { index, title };
  }

  function occupy(person: string, index: number, minutes: number, count = 1): void {
    const week = weekOf(person);
    const before = Math.max(0, roomLeftFor(person, index));
    week.used[index] = (week.used[index] ?? 0) + minutes;
    week.tasks[index] = (week.tasks[index] ?? 0) + count;
    if (inTeam.has(person)) {
      teamRoom[index] = (teamRoom[index] ?? 0) + Math.max(0, roomLeftFor(person, index)) - before;
      largestRoom[index] = undefined;
    }
  }

  /** The most free time any one member has left on a day (found again after a member's day changed). */
  function largestTeamRoom(index: number): number {
    let largest = largestRoom[index];
    if (largest === undefined) {
      largest = Number.NEGATIVE_INFINITY;
      for (const week of teamWeeks) largest = Math.max(largest, roomIn(week, index));
      largestRoom[index] = largest;
    }
    return largest;
  }

  /** The free time left on a day for a task's people: its assignee's, or the whole team's (kept as it changes). */
  function roomOf(weeks: readonly PersonWeek[], index: number): number {
    return weeks === teamWeeks ? (teamRoom[index] ?? 0) : weeks.reduce((room, week) => room + Math.max(0, roomIn(week, index)), 0);
  }

  /** The tasks a repair may move on a person's day. */
  function slotsIn(week: PersonWeek, index: number): Set<Slot> {
    let slots = week.movable[index];
    if (!slots) {
      slots = new Set();
      week.movable[index] = slots;
    }
    return slots;
  }

  /** A task a repair may move, kept where it looks (a late one's minutes counted in its day's late work). */
  function addSlot(slot: Slot): void {
    const week = weekOf(slot.person);
    slotsIn(week, slot.index).add(slot);
    countLateWork(week, slot, slot.minutes);
  }

  function removeSlot(slot: Slot): void {
    const week = weekOf(slot.person);
    slotsIn(week, slot.index).delete(slot);
    countLateWork(week, slot, -slot.minutes);
  }

  function countLateWork(week: PersonWeek, slot: Slot, minutes: number): void {
    if (!slot.late) return;
    week.lateMinutes[slot.index] = (week.lateMinutes[slot.index] ?? 0) + minutes;
    if (slot.index !== slot.previousIndex) week.freshLateMinutes[slot.index] = (week.freshLateMinutes[slot.index] ?? 0) + minutes;
  }

  /** Moving this task changes its day from the one the last plan gave it (churn people see). */
  function onPreviousDay(slot: Slot): boolean {
    return slot.index === slot.previousIndex;
  }

  /** Of `candidates`, the few with the most room on a day (the team's work may take anyone's time). */
  function roomiest(candidates: readonly PersonWeek[], index: number, count = REPAIR_PEOPLE): readonly PersonWeek[] {
    if (candidates.length <= count) return candidates;
    // The top few in one pass (a sort of the whole team per day cost more than the repair itself), their
    // rooms beside them.
    const top: PersonWeek[] = [];
    const rooms: number[] = [];
    for (const week of candidates) {
      const room = roomIn(week, index);
      if (top.length === count && room <= (rooms[count - 1] ?? 0)) continue;
      // In after those with as much room or more (the last one drops out when the list is full).
      let at = top.length === count ? count - 1 : top.length;
      while (at > 0 && room > (rooms[at - 1] ?? 0)) {
        top[at] = top[at - 1] as PersonWeek;
        rooms[at] = rooms[at - 1] ?? 0;
        at -= 1;
      }
      top[at] = week;
      rooms[at] = room;
    }
    return top;
  }

  /**
   * Room for a task due this week that fits nowhere by its due date as things stand: one task already placed
   * on a day by then moves to another day it may take where it fits, or, the team's work, to another member
   * with room that day (one on time first; late work only when nothing else can move, as it then goes later
   * still). Greedy packing leaves gaps that one move closes; when none does, late work makes way
   * (clearLateWork), then a chain across people (passOn). The exact search in bench/planner-quality.ts
   * measures what is left.
   */
  function makeRoom(minutes: number, candidates: readonly PersonWeek[], indexes: readonly number[], mayClearLateWork: boolean): Spot | undefined {
    teamRoomKnown = false;
    const passes = REPAIR_PASSES[movableOnPreviousDay > 0 ? 'keptLast' : 'any'][movableLateWork > 0 ? 'withLate' : 'onTime'];
    for (const pass of passes) {
      for (const index of indexes) {
        for (const week of roomiest(candidates, index)) {
          if (!works(week, index)) continue;
          const need = minutes - roomIn(week, index);
          for (const slot of slotsIn(week, index)) {
            if (slot.late !== pass.late || slot.minutes < need) continue;
            if (pass.kept !== undefined && (slot.index === slot.previousIndex) !== pass.kept) continue;
            const target = targetFor(slot, index);
            if (!target) continue;
            move(slot, target.to, target.who, index);
            return { index, person: week.person };
          }
        }
      }
    }
    if (!mayClearLateWork || movableLateWork === 0) return undefined;
    return clearLateWork(minutes, candidates, indexes) ?? passOn(minutes, candidates, indexes);
  }

  /**
   * Where the team's work could go in a repair: the two members with the most room, per day (found once per
   * repair, and only when a task of the team's is to move; their room is checked again when one is used).
   */
  function knowTeamRoom(): void {
    if (teamRoomKnown) return;
    teamRoomKnown = true;
    for (let day = 0; day < PLAN_DAYS; day += 1) {
      let first: PersonWeek | undefined;
      let second: PersonWeek | undefined;
      for (const week of teamWeeks) {
        const room = roomIn(week, day);
        if (!first || room > roomIn(first, day)) {
          second = first;
          first = week;
        } else if (!second || room > roomIn(second, day)) second = week;
      }
      teamFirst[day] = first?.person ?? TEAM_POOL;
      teamSecond[day] = second?.person;
    }
  }

  /** Whether a task a repair moves fits `who`'s day `to`, which is not the spot to `avoid`. */
  function fitsMove(slot: Slot, to: number, who: string, avoid: Spot | undefined): boolean {
    return (avoid === undefined || to !== avoid.index || who !== avoid.person) && works(weekOf(who), to) && roomLeftFor(who, to) >= slot.minutes;
  }

  /** Where a task a repair moves could go, other than `avoid`: for the team's work its own day first, in another member's time (its date does not change); then its other days. */
  function targetFor(slot: Slot, from: number, avoid?: Spot): { to: number; who: string } | undefined {
    if (slot.teamWork) {
      knowTeamRoom();
      const first = teamFirst[from] as string;
      const second = teamSecond[from];
      if (first !== slot.person && fitsMove(slot, from, first, avoid)) return { to: from, who: first };
      if (second !== undefined && second !== slot.person && fitsMove(slot, from, second, avoid)) return { to: from, who: second };
    }
    for (const to of slot.allowed) {
      if (to === from) continue;
      if (!slot.teamWork) {
        if (fitsMove(slot, to, slot.person, avoid)) return { to, who: slot.person };
        continue;
      }
      const first = teamFirst[to] as string;
      const second = teamSecond[to];
      if (fitsMove(slot, to, first, avoid)) return { to, who: first };
      if (second !== undefined && fitsMove(slot, to, second, avoid)) return { to, who: second };
    }
    return undefined;
  }

  /**
   * More than one move: the late work on one person's day by the deadline makes way, each to another day it
   * may take or, when none has room, out of the week (reported, still overdue where everyone sees it). Work
   * that can still be on time comes before work already late (the exact search's plans do the same).
   */
  function clearLateWork(minutes: number, candidates: readonly PersonWeek[], indexes: readonly number[]): Spot | undefined {
    // When regenerating, first a day whose late work the last plan put elsewhere is enough to clear.
    for (const fresh of churnPasses()) {
      for (const index of indexes) {
        for (const week of roomiest(candidates, index)) {
          if (!works(week, index) || roomIn(week, index) + lateOn(week, index, fresh) < minutes) continue;
          clearLateWorkOn(week, index, minutes, fresh);
          return { index, person: week.person };
        }
      }
    }
    return undefined;
  }

  /** Repairs that could move work off the day the last plan gave it try first without (when regenerating). */
  function churnPasses(): readonly boolean[] {
    return movableOnPreviousDay > 0 ? [true, false] : [false];
  }

  /** The late work on a person's day (only what the last plan put elsewhere when `fresh`). */
  function lateOn(week: PersonWeek, index: number, fresh: boolean): number {
    return (fresh ? week.freshLateMinutes[index] : week.lateMinutes[index]) ?? 0;
  }

  /**
   * The late work on a person's day makes way until `minutes` fit there: moved (the largest first, what the
   * last plan put elsewhere before what it put there; only that when `fresh`), else out of the week.
   */
  function clearLateWorkOn(week: PersonWeek, index: number, minutes: number, fresh: boolean, avoid?: Spot): void {
    const lateWork = [...slotsIn(week, index)]
      .filter((slot) => slot.late && !(fresh && onPreviousDay(slot)))
      .sort((a, b) => Number(onPreviousDay(a)) - Number(onPreviousDay(b)) || b.minutes - a.minutes);
    for (const slot of lateWork) {
      const target = roomIn(week, index) < minutes ? targetFor(slot, index, avoid) : undefined;
      if (target) move(slot, target.to, target.who, index);
    }
    for (const slot of lateWork) {
      if (roomIn(week, index) >= minutes) break;
      if (slot.index === index && slot.person === week.person) leaveOut(slot, index);
    }
  }

  /**
   * A chain of moves across people: a task on time on a day by the deadline moves on (the team's work to
   * another member that day, or any task to another day it may take) once the late work there has made way
   * for it. The usual case: the team's work due the same day took the only member who could do the
   * deadline; it is anyone's, so it goes to a member whose day late work had filled.
   */
  function passOn(minutes: number, candidates: readonly PersonWeek[], indexes: readonly number[]): Spot | undefined {
    // When regenerating, only a chain that moves no task off the day the last plan gave it (a chain moves
    // several: allowed that, the worst churn of the bench's replans went from 4 % to 12 %).
    const fresh = movableOnPreviousDay > 0;
    for (const index of indexes) {
      for (const week of roomiest(candidates, index)) {
        if (!works(week, index)) continue;
        const need = minutes - roomIn(week, index);
        for (const slot of slotsIn(week, index)) {
          if (slot.late || slot.minutes < need) continue;
          const here = { index, person: week.person };
          const there = clearableFor(slot, here, fresh);
          if (!there) continue;
          const thereWeek = weekOf(there.person);
          // Nothing is moved onto the day the room is for while the late work makes way.
          clearLateWorkOn(thereWeek, there.index, slot.minutes, fresh, here);
          if (roomIn(thereWeek, there.index) < slot.minutes) continue;
          move(slot, there.index, there.person, index);
          return here;
        }
      }
    }
    return undefined;
  }

  /**
   * Where a task could go once late work made way for it, other than `here`: for the team's work its own
   * day first (in another member's time), then its other days; on each the person with the most room among
   * those whose room and late work together would hold it.
   */
  function clearableFor(slot: Slot, here: Spot, fresh: boolean): Spot | undefined {
    const weeks = slot.teamWork ? teamWeeks : [weekOf(slot.person)];
    // Without churn, a task on the day the last plan gave it may only change hands that day.
    const days = fresh && onPreviousDay(slot) ? 0 : slot.allowed.length;
    for (let at = slot.teamWork ? -1 : 0; at < days; at += 1) {
      const to = at < 0 ? slot.index : (slot.allowed[at] as number);
      if (at >= 0 && to === slot.index) continue;
      let best: PersonWeek | undefined;
      for (const week of weeks) {
        if ((to === here.index && week.person === here.person) || !works(week, to)) continue;
        const room = roomIn(week, to);
        if (room + lateOn(week, to, fresh) < slot.minutes) continue;
        if (!best || room > roomIn(best, to)) best = week;
      }
      if (best) return { index: to, person: best.person };
    }
    return undefined;
  }

  function leaveOut(slot: Slot, from: number): void {
    removeSlot(slot);
    occupy(slot.person, slot.index, -slot.minutes, -1);
    const placement = placements[slot.at] as Placement;
    leftOut.add(slot.at);
    placedAt.delete(placement.taskId);
    notPlaced.add(placement.taskId);
    unplaced.push({ taskId: placement.taskId, reason: `No room: its time on ${dayName(dates[from] ?? input.today)} went to work due by then, and no other day had room` });
  }

  function move(slot: Slot, to: number, who: string, from: number): void {
    const fromPerson = slot.person;
    removeSlot(slot);
    occupy(slot.person, slot.index, -slot.minutes, -1);
    occupy(who, to, slot.minutes);
    slot.index = to;
    slot.person = who;
    addSlot(slot);
    const before = placements[slot.at] as Placement;
    const on = dates[to] ?? input.today;
    const { doneBy: _doneBy, ...kept } = before;
    const note =
      to === from
        ? `moved from ${input.memberNames?.[fromPerson] ?? 'another member'}'s time to ${input.memberNames?.[who] ?? 'another member'}'s to make room for work due that day`
        : `moved from ${dayName(dates[from] ?? on)} to make room for work due by then`;
    placements[slot.at] = {
      ...kept,
      date: on,
      reason: reasonAfterMove(slot.standing, on, note),
      ...(slot.teamWork && who !== TEAM_POOL ? { doneBy: who } : {}),
    };
  }

  /** Whose time a task takes, as its reasons name them. */
  function whoDoes(task: PlannerTask): string {
    return task.assignedTo ? (input.memberNames?.[task.assignedTo] ?? 'their assignee') : 'the team';
  }

  /**
   * Once everything is placed, a person with several tasks over capacity: which tasks go over decides how
   * many (greedy placement by deadline can leave two over where one would do). Their deadline work on the
   * days up to the last of those tasks' days is packed again, exactly, when it is a few tasks
   * (fewestOverCapacity); the plan changes only when fewer tasks go over. Only this person's time changes;
   * a task on the day the last plan gave it stays there (regenerating moves little).
   */
  function packWeek(person: string, over: readonly Overload[]): void {
    const week = weekOf(person);
    let lastIndex = 0;
    for (const overload of over) for (const day of overload.allowed) lastIndex = Math.max(lastIndex, day);
    const fitting: Slot[] = [];
    for (let day = 0; day <= lastIndex; day += 1) for (const slot of week.movable[day] ?? []) if (!slot.late && slot.standing.dueInWeek && !onPreviousDay(slot)) fitting.push(slot);
    if (fitting.length + over.length > PACKED_TASKS_AT_MOST) return;
    const items: readonly (Overload & { readonly wasOver: boolean })[] = [...fitting.map((slot) => ({ ...slot, wasOver: false })), ...over.map((overload) => ({ ...overload, wasOver: true }))];
    // The room each day would have without them; none on a day the person does not work.
    for (const item of items) occupy(person, item.index, -item.minutes, -1);
    const room = dates.map((_, day) => (works(week, day) ? roomIn(week, day) : -1));
    // A task that fits tries its own day first: of the packings with as few tasks over, the one found first moves least.
    const packed = fewestOverCapacity(items.map((item) => ({ minutes: item.minutes, days: item.wasOver ? item.allowed : [item.index, ...item.allowed.filter((day) => day !== item.index)] })), room, over.length);
    if (!packed) {
      for (const item of items) occupy(person, item.index, item.minutes);
      return;
    }
    const nowFitting = new Set<number>();
    items.forEach((item, at) => {
      const day = packed[at];
      if (day === null || day === undefined) return;
      occupy(person, day, item.minutes);
      if (!item.wasOver && day === item.index) return;
      const on = dates[day] ?? input.today;
      const { overCapacity: _over, risk: _risk, ...kept } = placements[item.at] as Placement;
      placements[item.at] = { ...kept, date: on, reason: reasonAfterMove(item.standing, on, 'moved so that fewer tasks go over capacity') };
      if (item.wasOver) nowFitting.add(item.at);
    });
    if (nowFitting.size > 0) risky = risky.filter((entry) => !nowFitting.has(entry.at));
    // What goes over: on its day when it was over already, else on the roomiest of its days; at risk, saying
    // how much time its person had free by then.
    items.forEach((item, at) => {
      if (packed[at] !== null) return;
      let day = item.wasOver ? item.index : -1;
      if (day < 0) for (const candidate of item.allowed) if (works(week, candidate) && (day < 0 || roomIn(week, candidate) > roomIn(week, day))) day = candidate;
      let free = 0;
      for (const allowed of item.allowed) free += Math.max(0, roomIn(week, allowed));
      occupy(person, day, item.minutes);
      if (item.wasOver) return;
      const on = dates[day] ?? input.today;
      const due = item.standing.due ?? on;
      const who = whoDoes(item.standing.task);
      placements[item.at] = {
        ...(placements[item.at] as Placement),
        date: on,
        reason: reasonAfterMove(item.standing, on, `over capacity for ${who}: nothing else fitted by ${dayName(due)}`),
        overCapacity: true,
        risk: { text: `can't fit by ${dayName(due)}: ${who} has ${formatMinutes(free)} free, it needs ${formatMinutes(item.minutes)}` },
      };
      risky.push({ at: item.at, task: item.standing.task, days: item.allowed });
    });
  }

  /** Over capacity on the roomiest of these days for one of these people, never on a day they do not work. */
  function overCapacityOn(indexes: readonly number[], among: readonly PersonWeek[]): { index: number; person: string; overCapacity: true } | undefined {
    let chosen: { index: number; person: string; overCapacity: true } | undefined;
    for (const index of indexes) {
      for (const week of among) {
        if (!works(week, index)) continue;
        if (!chosen || roomIn(week, index) > roomLeft(chosen)) chosen = { index, person: week.person, overCapacity: true };
      }
    }
    return chosen;
  }
  /** Whether a person works on a day of the plan: a day off, or one of no working time, takes no task of theirs. */
  function works(week: PersonWeek, index: number): boolean {
    return (week.working[index] ?? 0) > 0;
  }
  function roomLeftFor(person: string, index: number): number {
    return roomIn(weekOf(person), index);
  }
  function roomIn(week: PersonWeek, index: number): number {
    return (week.free[index] ?? 0) - (week.used[index] ?? 0);
  }
  function roomLeft(choice: { index: number; person: string }): number {
    return roomLeftFor(choice.person, choice.index);
  }
}
