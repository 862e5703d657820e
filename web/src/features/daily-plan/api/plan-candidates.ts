import { addDays } from '@shared/rules/calendar-date';
import { planDay, type DailyPlan, type DailyPlanTask } from '@shared/rules/daily-plan';
import type { TaskView } from '@shared/schemas/project';
import { readTaskPages } from '@/features/projects';

/** Pages read at most per question (100 tasks each): a plan of 5 needs no more. */
const MAX_PAGES = 5;

/**
 * The tasks a user's day is planned from, read from the task index: their own open tasks, and the team's
 * unassigned open tasks due within the week (overdue included), which anyone may pick up.
 */
async function fetchPlanCandidates(workspaceId: string, userId: string, today: string): Promise<DailyPlanTask[]> {
  const [mine, dueSoon] = await Promise.all([
    readTaskPages(workspaceId, { by: 'assignee', assignee: userId, state: 'open' }, { maxPages: MAX_PAGES }),
    readTaskPages(workspaceId, { by: 'due', to: addDays(today, 6) }, { maxPages: MAX_PAGES }),
  ]);
  const candidates = new Map<string, TaskView>();
  for (const task of [...mine, ...dueSoon.filter((task) => task.assignedTo === null)]) candidates.set(task.id, task);
  return [...candidates.values()];
}

/**
 * Today's plan from the active projects' tasks (as the week and /tasks are). Loaded when a plan is asked for:
 * the planner is not part of the dashboard's first load.
 */
export async function makeDailyPlan(workspaceId: string, userId: string, today: string, archivedProjectIds: () => Promise<ReadonlySet<string>>): Promise<DailyPlan> {
  const [archivedIds, candidates] = await Promise.all([archivedProjectIds(), fetchPlanCandidates(workspaceId, userId, today)]);
  return planDay(today, candidates.filter((task) => !archivedIds.has(task.projectId)));
}
