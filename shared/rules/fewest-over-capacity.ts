/**
 * Which of one person's tasks fit their days within their time (issue 31): the weekly planner places work
 * by deadline, one task at a time, and when the week holds more than the person's time some tasks go over
 * capacity (on time, flagged). Which ones go over decides how many: greedy placement can leave two over
 * where one would do (1,275 minutes due on two days of 480: the 6-hour task over, the rest packed exactly).
 * For the few tasks of a person's overloaded week this search finds a packing with the fewest tasks over,
 * exactly, within a budget of search steps. Pure: no clock, no I/O.
 */

export interface PackedTask {
  readonly minutes: number;
  /** The days it may take (the plan's day indexes), in the order to try them. */
  readonly days: readonly number[];
}

/** The search gives up past this many steps: a week's overload has a dozen tasks, not a hundred. */
export const PACKING_STEPS = 20_000;

/**
 * For each task the day it fits on within `room` (minutes free per day), or null for a task that goes over
 * capacity; the packing with the fewest nulls found, when it has fewer than `toBeat`. Undefined when none
 * is better, or none was found before the steps ran out (the plan then stays as it is).
 */
export function fewestOverCapacity(tasks: readonly PackedTask[], room: readonly number[], toBeat: number, steps = PACKING_STEPS): (number | null)[] | undefined {
  // The most constrained first (fewest days, then the longest): dead ends show early.
  const order = tasks.map((_, index) => index).sort((a, b) => (tasks[a]?.days.length ?? 0) - (tasks[b]?.days.length ?? 0) || (tasks[b]?.minutes ?? 0) - (tasks[a]?.minutes ?? 0) || a - b);
  const left = [...room];
  const chosen: (number | null)[] = tasks.map(() => null);
  let best: (number | null)[] | undefined;
  let bestOver = toBeat;
  let taken = 0;
  const search = (position: number, over: number): void => {
    taken += 1;
    if (over >= bestOver || taken > steps) return;
    const index = order[position];
    if (index === undefined) {
      best = [...chosen];
      bestOver = over;
      return;
    }
    const task = tasks[index] as PackedTask;
    for (const day of task.days) {
      if ((left[day] ?? 0) < task.minutes) continue;
      left[day] = (left[day] ?? 0) - task.minutes;
      chosen[index] = day;
      search(position + 1, over);
      left[day] = (left[day] ?? 0) + task.minutes;
      chosen[index] = null;
      if (bestOver === 0) return;
    }
    search(position + 1, over + 1);
  };
  search(0, 0);
  return best;
}
