import { DEFAULT_PREFERRED_DAYS, weekDays, type Priority, type WeekDay } from '../schemas/project.js';
import { addDays } from './calendar-date.js';

/**
 * The weekly planner (spec core §2 Weekly Plan, §9): places every pending task of a workspace on one of
 * the next 7 days and says why, in a sentence a person would write. Pure: no clock, no I/O.
 *
 * - Order: tasks of focus projects first, then priority (high, medium, low), then the existing due date
 *   (earliest first, none last), then title, then id (so the same input gives the same plan).
 * - Days: today and the 6 after it, only those among the project's preferred days (default Monday–Friday).
 * - Capacity: each assignee has `capacityMinutes` a day (default 8 h); unassigned tasks share one team pool
 *   of the same size. A task without an estimate counts as 60 minutes. An assignee's busy time (the timed
 *   events of their connected calendars) is already used on its day, and the reasons say so: how much only
 *   when the calendar is the viewer's own (a colleague's private calendar is not the team's to measure).
 * - Each task goes to the earliest allowed day with room. A task longer than a whole day goes alone on an
 *   empty allowed day. A task of a non-focus project is never placed before a focus task of the same
 *   priority that competes for the same days and pool (the gap it would fill was the focus task's to take).
 * - What fits nowhere is reported, with the reason.
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
  /** Names for the reasons ('Mon is full for Ana'); an unknown id reads 'their assignee'. */
  readonly memberNames?: Readonly<Record<string, string>>;
  /** Minutes already taken by calendar events, per member and day (YYYY-MM-DD). */
  readonly busyMinutes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * Who the plan is shown to: reasons say how much of their own calendar was counted; of anyone else's,
   * only that it was. Without it no reason gives an amount.
   */
  readonly viewerId?: string;
}

export interface Placement {
  readonly taskId: string;
  readonly date: string;
  readonly minutes: number;
  readonly reason: string;
}

export interface Unplaced {
  readonly taskId: string;
  readonly reason: string;
}

export interface PlannerResult {
  readonly placements: readonly Placement[];
  readonly unplaced: readonly Unplaced[];
}

const TEAM_POOL = '\u0000team';
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

/** The day of the week of a calendar date. */
export function weekDayOf(date: string): WeekDay {
  // 2024-01-01 was a Monday; the dates are whole UTC days, so the difference is exact.
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse('2024-01-01T00:00:00Z')) / 86_400_000);
  return weekDays[((days % 7) + 7) % 7] as WeekDay;
}

export const taskMinutes = (task: Pick<PlannerTask, 'timeEstimate'>) => task.timeEstimate ?? DEFAULT_TASK_MINUTES;

/** Focus projects first, then priority (high first), then due date (none last), then title and id. */
export function planningOrder(focus: ReadonlySet<string>) {
  return (a: Omit<PlannerTask, 'timeEstimate' | 'assignedTo'>, b: Omit<PlannerTask, 'timeEstimate' | 'assignedTo'>): number =>
    Number(focus.has(b.projectId)) - Number(focus.has(a.projectId)) ||
    priorityRank[a.priority] - priorityRank[b.priority] ||
    (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
    a.title.localeCompare(b.title) ||
    a.id.localeCompare(b.id);
}

/** '45 min', '2h', '1h 30 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest} min`;
}

function listDays(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
}

export function planWeek(input: PlannerInput): PlannerResult {
  const capacity = input.capacityMinutes ?? DEFAULT_DAILY_CAPACITY_MINUTES;
  const focus = new Set(input.focusProjectIds ?? []);
  const projects = new Map(input.projects.map((project) => [project.id, project]));
  const dates = Array.from({ length: PLAN_DAYS }, (_, offset) => addDays(input.today, offset));
  /** Minutes and tasks placed per pool and day. */
  const load = new Map<string, { minutes: number; tasks: number }[]>();
  /** The latest day index a focus task took, per pool, priority and set of allowed days. */
  const focusFloor = new Map<string, number>();
  const placements: Placement[] = [];
  const unplaced: Unplaced[] = [];

  for (const task of [...input.tasks].sort(planningOrder(focus))) {
    const project = projects.get(task.projectId);
    const preferred = new Set(project && project.preferredDays.length > 0 ? project.preferredDays : DEFAULT_PREFERRED_DAYS);
    const projectName = project?.name ?? 'its project';
    const pool = task.assignedTo ?? TEAM_POOL;
    const who = task.assignedTo ? (input.memberNames?.[task.assignedTo] ?? 'their assignee') : 'the team';
    const busy = task.assignedTo ? (input.busyMinutes?.[task.assignedTo] ?? {}) : {};
    const poolLoad = load.get(pool) ?? dates.map((date) => ({ minutes: Math.min(busy[date] ?? 0, capacity), tasks: 0 }));
    load.set(pool, poolLoad);
    const minutes = taskMinutes(task);
    const isFocus = focus.has(task.projectId);
    const floorKey = [pool, task.priority, [...preferred].sort().join()].join('|');
    const floor = isFocus ? 0 : (focusFloor.get(floorKey) ?? 0);

    const allowed = dates.map((date, index) => ({ date, index })).filter(({ date }) => preferred.has(weekDayOf(date)));
    const full: string[] = [];
    let chosen: { date: string; index: number } | undefined;
    for (const day of allowed) {
      if (day.index < floor) continue;
      const used = poolLoad[day.index] ?? { minutes: 0, tasks: 0 };
      // A task longer than a day fits only a day nobody in its pool has work (or meetings) on yet.
      if (used.minutes + minutes <= capacity || (minutes > capacity && used.tasks === 0 && used.minutes === 0)) {
        chosen = day;
        break;
      }
      full.push(shortDayNames[weekDayOf(day.date)]);
    }

    if (!chosen) {
      const reason =
        allowed.length === 0
          ? `${projectName} has no preferred day in the next ${PLAN_DAYS} days`
          : `No room: ${projectName}'s days in the next ${PLAN_DAYS} days are full for ${who}`;
      unplaced.push({ taskId: task.id, reason });
      continue;
    }

    const day = poolLoad[chosen.index] ?? { minutes: 0, tasks: 0 };
    poolLoad[chosen.index] = { minutes: day.minutes + minutes, tasks: day.tasks + 1 };
    if (isFocus) focusFloor.set(floorKey, Math.max(focusFloor.get(floorKey) ?? 0, chosen.index));
    const busyThatDay = busy[chosen.date] ?? 0;
    const fullWithEvents = full.length > 0 && allowed.some((candidate) => (busy[candidate.date] ?? 0) > 0 && candidate.index < chosen.index);
    const why = [
      isFocus ? `${projectName} is a focus project` : task.priority === 'high' ? 'high priority' : '',
      full.length > 0 ? `${listDays(full)} full for ${who}${fullWithEvents ? ' (calendar events included)' : ''}` : '',
      busyThatDay > 0 ? `${task.assignedTo === input.viewerId ? `${formatMinutes(busyThatDay)} of ` : ''}${who}'s calendar events that day counted` : '',
      !preferred.has(weekDayOf(dates[0] ?? input.today)) && chosen.index > 0 && full.length === 0 ? `${projectName} works ${[...preferred].map((day) => shortDayNames[day]).join(', ')}` : '',
      minutes > capacity ? 'longer than a day, so alone' : '',
    ].filter(Boolean);
    placements.push({
      taskId: task.id,
      date: chosen.date,
      minutes,
      reason: `${shortDayNames[weekDayOf(chosen.date)]}: ${why.length > 0 ? why.join('; ') : 'the first day with room'}`,
    });
  }
  return { placements, unplaced };
}
