import { addDays } from '@shared/rules/calendar-date';
import type { ListTasksQueryInput } from '@shared/schemas/task-index';

/** The tabs of /tasks (spec pages §2), in order. */
export const taskTabs = ['today', 'all', 'upcoming', 'completed'] as const;
export type TaskTab = (typeof taskTabs)[number];
export const taskTabLabels: Record<TaskTab, string> = { today: 'Today', all: 'All', upcoming: 'Upcoming', completed: 'Completed' };

const PAGE = 100;

/**
 * The task index questions each tab asks (at most two, each paged):
 * - Today: open tasks due today, then the overdue ones, soonest first (two questions, so a long overdue
 *   list never pushes today's tasks past the first page);
 * - All: every open task, In Progress then To Do, newest first;
 * - Upcoming: open tasks due after today, soonest first;
 * - Completed: completed tasks, most recently completed first.
 */
export function tabQueries(tab: TaskTab, today: string): ListTasksQueryInput[] {
  switch (tab) {
    case 'today':
      return [
        { by: 'due', from: today, to: today, limit: PAGE },
        { by: 'due', to: addDays(today, -1), limit: PAGE },
      ];
    case 'all':
      return [
        { by: 'status', status: 'in_progress', limit: PAGE },
        { by: 'status', status: 'todo', limit: PAGE },
      ];
    case 'upcoming':
      return [{ by: 'due', from: addDays(today, 1), limit: PAGE }];
    case 'completed':
      return [{ by: 'status', status: 'completed', limit: PAGE }];
  }
}

/** What each tab says when it has nothing. */
export const emptyTabTexts: Record<TaskTab, string> = {
  today: 'Nothing due today. Use Focus on a task to bring it into today.',
  all: 'No open tasks. Add tasks from a project.',
  upcoming: 'Nothing upcoming. Tasks with a later due date show here.',
  completed: 'No completed tasks yet.',
};
