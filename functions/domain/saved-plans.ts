import type { SavedWeeklyPlan } from '../../shared/schemas/weekly-plan.js';
import type { StoredPlanEntry, StoredWeeklyPlan } from '../data/weekly-plans.js';

/**
 * The plans a caller sees as one: the team's, and over it, where newer, their own (a member plans only their
 * own tasks); each task as the newest plan that dealt with it left it.
 */
export function mergeSavedPlans(plans: readonly (StoredWeeklyPlan | undefined)[]): SavedWeeklyPlan | null {
  const present = plans.filter((plan): plan is StoredWeeklyPlan => plan !== undefined).sort((a, b) => a.generatedAt.localeCompare(b.generatedAt));
  const newest = present.at(-1);
  if (!newest) return null;
  const latest = new Map<string, StoredPlanEntry>();
  for (const entry of present.flatMap((plan) => plan.entries)) {
    latest.delete(entry.taskId);
    latest.set(entry.taskId, entry);
  }
  const entries = [...latest.values()];
  const leftOut = (outcome: StoredPlanEntry['outcome']) =>
    entries.filter((entry) => entry.outcome === outcome).map(({ taskId, projectId, title, reason }) => ({ taskId, projectId, title, reason }));
  return {
    generatedAt: newest.generatedAt,
    weekStart: newest.weekStart,
    placements: entries.flatMap(({ outcome, taskId, date, reason, late, overCapacity, risk }) =>
      outcome === 'placed' && date ? [{ taskId, date, reason, ...(late ? { late } : {}), ...(overCapacity ? { overCapacity } : {}), ...(risk ? { risk } : {}) }] : [],
    ),
    unplaced: leftOut('unplaced'),
    conflicts: leftOut('conflict'),
  };
}
