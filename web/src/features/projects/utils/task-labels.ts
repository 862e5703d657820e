import { daysBetween } from '@shared/rules/calendar-date';
import { formatDate, relativeDays } from '@/lib/format-date';

/** Due dates within a week read as words ('in 2 days'); further ones as the date. */
const RELATIVE_DAYS_LIMIT = 7;

/** Overdue: the due date is before today and the task is not completed (spec core §4). */
export function isOverdue(task: { dueDate: string | null; completed: boolean }, today: string): boolean {
  return task.dueDate !== null && !task.completed && daysBetween(today, task.dueDate) < 0;
}

/**
 * A task card's due date in words, so it reads without the colour or the icon: 'Due today', 'Due in 2 days',
 * 'Overdue · yesterday', 'Due Dec 10, 2026'. A completed task is never overdue ('Due yesterday').
 */
export function dueText(task: { dueDate: string; completed: boolean }, today: string, locale?: string): string {
  const days = daysBetween(today, task.dueDate);
  const when = Math.abs(days) <= RELATIVE_DAYS_LIMIT ? relativeDays(days) : formatDate(task.dueDate, 'date', { locale });
  return isOverdue(task, today) ? `Overdue · ${when}` : `Due ${when}`;
}

/** A time estimate in hours, rounded up from minutes (spec pages §9), said as what it is: 90 → '2h estimate'. */
export function estimateText(minutes: number): string {
  return `${Math.ceil(minutes / 60)}h estimate`;
}
