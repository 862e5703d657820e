import { addDays } from '@shared/rules/calendar-date';
import type { DailyPlanTask } from '@shared/rules/daily-plan';
import { routes } from '@shared/routes';
import type { TaskView } from '@shared/schemas/project';
import type { ListTasksQueryInput } from '@shared/schemas/task-index';
import { callRoute } from '@/lib/api-client';

/** Pages read at most per question (100 tasks each): a plan of 5 needs no more. */
const MAX_PAGES = 5;

async function readPages(workspaceId: string, query: ListTasksQueryInput): Promise<TaskView[]> {
  const tasks: TaskView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await callRoute(routes.ListTasks, { params: { workspaceId }, query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } });
    tasks.push(...result.tasks);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return tasks;
}

/**
 * The tasks a user's day is planned from, read from the task index: their own open tasks, and the team's
 * unassigned open tasks due within the week (overdue included), which anyone may pick up.
 */
export async function fetchPlanCandidates(workspaceId: string, userId: string, today: string): Promise<DailyPlanTask[]> {
  const [mine, dueSoon] = await Promise.all([
    readPages(workspaceId, { by: 'assignee', assignee: userId, state: 'open' }),
    readPages(workspaceId, { by: 'due', to: addDays(today, 6) }),
  ]);
  const candidates = new Map<string, TaskView>();
  for (const task of [...mine, ...dueSoon.filter((task) => task.assignedTo === null)]) candidates.set(task.id, task);
  return [...candidates.values()];
}
