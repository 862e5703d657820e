import { addDays } from '@shared/rules/calendar-date';
import { plannedAsWork } from '@shared/rules/subtasks';
import { PLAN_DAYS, taskMinutes, weekDayOf } from '@shared/rules/weekly-planner';
import { weekDayNames, type Priority, type TaskView } from '@shared/schemas/project';
import type { SavedWeeklyPlan } from '@shared/schemas/weekly-plan';

/**
 * The Weekly Plan card's days (spec core §2, §7 weekly plan load): the open tasks due from today to 6 days
 * on, grouped by date, with each day's count and total time (a missing estimate counts as 60 minutes), and
 * the overdue ones marked late (the plan never moves a due date later: late work stays in view) on the day
 * the saved plan gave them (`lateDays`), or on today when it gave them none of the days shown.
 * Only those of the projects given (the active ones): the planner leaves archived projects alone too.
 */
export interface PlanTask {
  readonly id: string;
  readonly projectId: string;
  readonly title: string;
  readonly priority: Priority;
  readonly projectName: string;
  readonly projectColor: string;
  readonly minutes: number;
  /** The due date that passed, for an overdue task (shown on today). */
  readonly wasDue?: string;
  /** Pinned to its day: a new plan does not move it. */
  readonly pinned?: true;
  /** The task it is a sub-task of (issue 36). */
  readonly parentId?: string;
  /** Its labels (issue 36), shown as chips. */
  readonly labelIds?: readonly string[];
}

export interface PlanDay {
  readonly date: string;
  readonly dayName: string;
  readonly isToday: boolean;
  readonly tasks: readonly PlanTask[];
  readonly totalTasks: number;
  readonly totalTime: number;
}

export interface PlanProject {
  readonly id: string;
  readonly name: string;
  readonly color: string;
}


export function planDays(all: readonly TaskView[], projects: readonly PlanProject[], today: string, lateDays: ReadonlyMap<string, string> = new Map()): PlanDay[] {
  const byId = new Map(projects.map((project) => [project.id, project]));
  // As the planner counts them: a parent's work is its open sub-tasks, not its own estimate beside theirs.
  const tasks = plannedAsWork(all, all);
  const lastDay = addDays(today, PLAN_DAYS - 1);
  /** The day the card shows a task on: its due date, or for late work the plan's day for it (else today). */
  const shownOn = (task: TaskView): string | null => {
    if (task.dueDate === null || task.dueDate >= today) return task.dueDate;
    const planned = lateDays.get(task.id);
    return planned !== undefined && planned >= today && planned <= lastDay ? planned : today;
  };
  return Array.from({ length: PLAN_DAYS }, (_, offset) => {
    const date = addDays(today, offset);
    const due = tasks.flatMap((task): PlanTask[] => {
      const project = byId.get(task.projectId);
      const overdue = task.dueDate !== null && task.dueDate < today;
      if (!project || task.completed || shownOn(task) !== date) return [];
      const { id, projectId, title, priority } = task;
      const shown = { id, projectId, title, priority, projectName: project.name, projectColor: project.color, minutes: taskMinutes(task), ...(task.pinned ? { pinned: true as const } : {}), ...(task.parentId ? { parentId: task.parentId } : {}), ...(task.labelIds?.length ? { labelIds: task.labelIds } : {}) };
      return [overdue && task.dueDate ? { ...shown, wasDue: task.dueDate } : shown];
    });
    return {
      date,
      dayName: weekDayNames[weekDayOf(date)],
      isToday: offset === 0,
      tasks: due,
      totalTasks: due.length,
      totalTime: due.reduce((sum, task) => sum + task.minutes, 0),
    };
  });
}

/** The days the saved plan gave late work (a late task keeps its past due date, so the card cannot read it there). */
export function lateDays(saved: SavedWeeklyPlan | null | undefined): Map<string, string> {
  return new Map(saved?.placements.flatMap((placement) => (placement.late ? [[placement.taskId, placement.date] as const] : [])) ?? []);
}

/** Why the saved plan put a task on the day the card shows it on. */
export interface PlanNote {
  readonly reason: string;
  /** Its day goes over its person's time: nothing else fitted by its due date. */
  readonly overCapacity: boolean;
  /** Why it is at risk ("can't fit by Thu: Ana has 2h free, it needs 5h"), when it is. */
  readonly risk?: string;
}

/**
 * The saved plan's reasons for the tasks the card shows, each only while the task is still where the plan
 * put it: a task moved since (its due date changed) has no reason that still holds, nor late work shown on
 * today because the day the plan gave it has passed.
 */
export function planNotes(days: readonly PlanDay[], saved: SavedWeeklyPlan | null | undefined): Map<string, PlanNote> {
  const placements = new Map(saved?.placements.map((placement) => [placement.taskId, placement]) ?? []);
  const notes = new Map<string, PlanNote>();
  for (const day of days) {
    for (const task of day.tasks) {
      const placement = placements.get(task.id);
      const stillThere = placement && placement.date === day.date && (task.wasDue === undefined || placement.late === true);
      if (stillThere) notes.set(task.id, { reason: placement.reason, overCapacity: placement.overCapacity === true, ...(placement.risk ? { risk: placement.risk.text } : {}) });
    }
  }
  return notes;
}

export type DayLoad = 'over' | 'high' | 'ok';
/** The day's dot (spec core §9): red above 480 minutes, amber above 360, else green. */
export function dayLoad(minutes: number): DayLoad {
  return minutes > 480 ? 'over' : minutes > 360 ? 'high' : 'ok';
}

export const dayLoadLabels: Record<DayLoad, string> = { over: 'over 8 hours', high: 'over 6 hours', ok: 'within 6 hours' };

/** '2h 30m', '45m', '3h'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}
