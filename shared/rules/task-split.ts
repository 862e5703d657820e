import { TASK_TITLE_MAX_LENGTH, TIME_ESTIMATE_STEP_MINUTES } from '../schemas/project.js';
import { DEFAULT_TASK_MINUTES } from './weekly-planner.js';

/**
 * Splitting a task the weekly plan cannot fit by its due date (issue 31, "split the estimate"): the task
 * keeps the first half of its estimate (in whole steps of 15 minutes), and a second part with the rest
 * follows it, blocked by it, with no due date, so the plan puts it where there is room.
 */

/** The smallest estimate that splits into two parts of at least one step each. */
export const MIN_SPLIT_MINUTES = 2 * TIME_ESTIMATE_STEP_MINUTES;

/** The two parts of an estimate (a missing one counts as the plan counts it), or undefined when too small. */
export function splitEstimate(minutes: number | null): [number, number] | undefined {
  const total = minutes ?? DEFAULT_TASK_MINUTES;
  if (total < MIN_SPLIT_MINUTES) return undefined;
  const first = Math.ceil(total / 2 / TIME_ESTIMATE_STEP_MINUTES) * TIME_ESTIMATE_STEP_MINUTES;
  return [first, total - first];
}

/** 'Write report (part 2)', the title shortened to fit. */
export function secondPartTitle(title: string): string {
  const suffix = ' (part 2)';
  return `${title.slice(0, TASK_TITLE_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
}
