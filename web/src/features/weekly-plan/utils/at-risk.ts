import { addDays } from '@shared/rules/calendar-date';
import { PLAN_DAYS } from '@shared/rules/weekly-planner';
import type { TaskView } from '@shared/schemas/project';
import type { SavedWeeklyPlan } from '@shared/schemas/weekly-plan';

/** A task the last plan could not keep safe, as it stands now. */
export interface AtRiskItem {
  readonly task: TaskView;
  /** Why: "can't fit by Thu: Ana has 2h free, it needs 5h", or why it fits nowhere this week. */
  readonly text: string;
  /** A member with room for it by its due date, when the plan found one. */
  readonly roomWith?: string;
}

/**
 * What is at risk this week (issue 31), from the last saved plan and the tasks as they are now: each task
 * the plan put late or over capacity, and each task due this week it could not place. A task done since,
 * or changed since (its due date, estimate or assignee: a fix, or someone's edit), is no longer at risk by
 * that plan's reckoning and is left out; so is everything once the plan's week is over. Soonest due first.
 */
export function atRiskItems(tasks: readonly TaskView[], saved: SavedWeeklyPlan | null | undefined, today: string): AtRiskItem[] {
  if (!saved || addDays(saved.weekStart, PLAN_DAYS) <= today) return [];
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const lastDay = addDays(today, PLAN_DAYS - 1);
  const items: AtRiskItem[] = [];
  for (const { taskId, risk } of saved.placements) {
    const task = byId.get(taskId);
    if (!risk || !task || task.completed) continue;
    if (task.assignedTo !== risk.assignedTo || task.timeEstimate !== risk.timeEstimate || task.dueDate !== risk.dueDate) continue;
    items.push({ task, text: risk.text, ...(risk.roomWith ? { roomWith: risk.roomWith } : {}) });
  }
  for (const { taskId, reason } of saved.unplaced) {
    const task = byId.get(taskId);
    if (task && !task.completed && task.dueDate !== null && task.dueDate <= lastDay) items.push({ task, text: reason });
  }
  return items.sort((a, b) => (a.task.dueDate ?? '9999-12-31').localeCompare(b.task.dueDate ?? '9999-12-31') || a.task.title.localeCompare(b.task.title));
}
