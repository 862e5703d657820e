import { addDays, calendarDateAtNoon } from '@shared/rules/calendar-date';
import type { TaskView } from '@shared/schemas/project';
import { formatDate } from '@/lib/format-date';

/** The weekday columns of the month grid (spec pages §2 Calendar: Sunday to Saturday). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Tasks and Google events shown in a day's cell before '+N more'. */
export const TASKS_PER_CELL = 3;
export const EVENTS_PER_CELL = 2;

/** The N of a cell's '+N more': each kind counts only beyond its own limit. */
export function moreInCell(taskCount: number, eventCount: number): number {
  return Math.max(0, taskCount - TASKS_PER_CELL) + Math.max(0, eventCount - EVENTS_PER_CELL);
}

/** A month, as YYYY-MM. */
export type Month = string;

export const monthOf = (date: string): Month => date.slice(0, 7);

/** The month `offset` months from `month`. */
export function shiftMonth(month: Month, offset: number): Month {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const moved = new Date(Date.UTC(year, index - 1 + offset, 1));
  return `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The weeks shown for a month: from the Sunday on or before its 1st to the Saturday on or after its last
 * day, so every row is a whole week (4 to 6 rows).
 */
export function monthWeeks(month: Month): string[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const start = addDays(first, -calendarDateAtNoon(first).getDay());
  const end = addDays(last, 6 - calendarDateAtNoon(last).getDay());
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
  return weeks;
}

/** 'November 2026'. */
export function monthTitle(month: Month, locale?: string): string {
  return formatDate(`${month}-01`, 'monthYear', { locale });
}

/** The tasks of each day, in the order given. */
export function tasksByDay<T extends TaskView>(tasks: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const task of tasks) {
    if (!task.dueDate) continue;
    days.set(task.dueDate, [...(days.get(task.dueDate) ?? []), task]);
  }
  return days;
}
