import { daysBetween } from '@shared/rules/calendar-date';

/** Overdue: the due date is before today and the task is not completed (spec core §4). */
export function isOverdue(task: { dueDate: string | null; completed: boolean }, today: string): boolean {
  return task.dueDate !== null && !task.completed && daysBetween(today, task.dueDate) < 0;
}

/** A due date's label (spec pages §9): 'Today', 'Tomorrow', 'Yesterday', 'N days ago', 'N days'. */
export function dueLabel(dueDate: string, today: string): string {
  const days = daysBetween(today, dueDate);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return days < 0 ? `${-days} days ago` : `${days} days`;
}

/** A time estimate in hours, rounded up from minutes (spec pages §9), said as what it is: 90 → '2h estimate'. */
export function estimateText(minutes: number): string {
  return `${Math.ceil(minutes / 60)}h estimate`;
}
