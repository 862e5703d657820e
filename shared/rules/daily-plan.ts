import { timeOfDay } from './calendar-date.js';
import { inPlanningOrder, taskMinutes, type PlannerTask } from './weekly-planner.js';

/**
 * The local daily plan (spec core §3 Daily plan, §9): the top 5 incomplete tasks, by priority (high,
 * medium, low) then due date, as time blocks from 09:00, each as long as the task's estimate (60 minutes
 * without one), with 15-minute gaps. Kept in the browser; pure, no clock.
 */
export const DAILY_PLAN_TASKS = 5;
export const DAY_STARTS_AT_MINUTES = 9 * 60;
export const GAP_MINUTES = 15;
const MIDNIGHT = 24 * 60;

export type DailyPlanTask = Omit<PlannerTask, 'assignedTo'> & { readonly completed: boolean };

export interface TimeBlock {
  readonly id: string;
  readonly taskId: string;
  readonly projectId: string;
  readonly title: string;
  /** HH:MM, local time of the plan's day. */
  readonly startTime: string;
  readonly endTime: string;
  readonly completed: boolean;
}

export interface DailyPlan {
  readonly id: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  /** The planned tasks' ids, in plan order. */
  readonly tasks: readonly string[];
  readonly timeBlocks: readonly TimeBlock[];
  readonly notes: string;
  readonly aiGenerated: boolean;
}

/** A plan for `date` from the candidate tasks. A block that would start after midnight is left out; one running past it ends at 23:59. */
export function planDay(date: string, candidates: readonly DailyPlanTask[]): DailyPlan {
  const chosen = inPlanningOrder(
    candidates.filter((task) => !task.completed),
    new Set(),
  ).slice(0, DAILY_PLAN_TASKS);
  const timeBlocks: TimeBlock[] = [];
  let start = DAY_STARTS_AT_MINUTES;
  for (const task of chosen) {
    if (start >= MIDNIGHT) break;
    const end = Math.min(start + taskMinutes(task), MIDNIGHT - 1);
    timeBlocks.push({ id: `${date}-${task.id}`, taskId: task.id, projectId: task.projectId, title: task.title, startTime: timeOfDay(start), endTime: timeOfDay(end), completed: false });
    start = end + GAP_MINUTES;
  }
  return { id: `daily-${date}`, date, tasks: timeBlocks.map((block) => block.taskId), timeBlocks, notes: '', aiGenerated: false };
}
