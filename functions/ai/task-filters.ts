import { addDays } from '../../shared/rules/calendar-date.js';
import type { TaskView } from '../../shared/schemas/project.js';
import { TASK_PAGE_MAX_SIZE, type ListTasksQuery } from '../../shared/schemas/task-index.js';
import type { ToolContext } from './tool-context.js';

/** The filters list_tasks offers (overdue, due today, …): their words, the index questions and the check of one task. */

export const taskFilters = ['overdue', 'due_today', 'due_tomorrow', 'due_this_week', 'assigned_to_me', 'in_progress', 'open', 'completed'] as const;

export const filterLabels: Record<(typeof taskFilters)[number], string> = {
  overdue: 'overdue',
  due_today: 'due today',
  due_tomorrow: 'due tomorrow',
  due_this_week: 'due in the next 7 days',
  assigned_to_me: 'assigned to you',
  in_progress: 'in progress',
  open: 'open',
  completed: 'completed',
};

/** The index questions that serve a filter across the workspace. */
export function indexQueriesFor(filter: (typeof taskFilters)[number], context: ToolContext): ListTasksQuery[] {
  switch (filter) {
    case 'overdue':
      return [{ by: 'due', to: addDays(context.today, -1), limit: TASK_PAGE_MAX_SIZE }];
    case 'due_today':
      return [{ by: 'due', from: context.today, to: context.today, limit: TASK_PAGE_MAX_SIZE }];
    case 'due_tomorrow':
      return [{ by: 'due', from: addDays(context.today, 1), to: addDays(context.today, 1), limit: TASK_PAGE_MAX_SIZE }];
    case 'due_this_week':
      return [{ by: 'due', from: context.today, to: addDays(context.today, 6), limit: TASK_PAGE_MAX_SIZE }];
    case 'assigned_to_me':
      return [{ by: 'assignee', assignee: context.caller.userId, state: 'open', limit: TASK_PAGE_MAX_SIZE }];
    case 'in_progress':
      return [{ by: 'status', status: 'in_progress', limit: TASK_PAGE_MAX_SIZE }];
    case 'completed':
      return [{ by: 'status', status: 'completed', limit: TASK_PAGE_MAX_SIZE }];
    case 'open':
      // Both open columns: the activity index would let recent completions push open tasks out of its page.
      return [
        { by: 'status', status: 'todo', limit: TASK_PAGE_MAX_SIZE },
        { by: 'status', status: 'in_progress', limit: TASK_PAGE_MAX_SIZE },
      ];
  }
}

export function matchesFilter(task: TaskView, filter: (typeof taskFilters)[number], context: ToolContext): boolean {
  const due = task.dueDate;
  switch (filter) {
    case 'overdue':
      return !task.completed && due !== null && due < context.today;
    case 'due_today':
      return !task.completed && due === context.today;
    case 'due_tomorrow':
      return !task.completed && due === addDays(context.today, 1);
    case 'due_this_week':
      return !task.completed && due !== null && due >= context.today && due <= addDays(context.today, 6);
    case 'assigned_to_me':
      return !task.completed && task.assignedTo === context.caller.userId;
    case 'in_progress':
      return !task.completed && task.status === 'in_progress';
    case 'completed':
      return task.completed;
    case 'open':
      return !task.completed;
  }
}
