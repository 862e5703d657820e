import { describe, expect, it } from 'vitest';
import type { StoredPlanEntry, StoredWeeklyPlan } from '../data/weekly-plans.js';
import { mergeSavedPlans } from './saved-plans.js';

const placed = (taskId: string, date: string, reason: string): StoredPlanEntry => ({ outcome: 'placed', taskId, projectId: 'p1', title: taskId, reason, date });
const plan = (generatedAt: string, entries: StoredPlanEntry[]): StoredWeeklyPlan => ({
  planId: generatedAt,
  chunks: 1,
  generatedAt,
  generatedBy: 'u1',
  weekStart: generatedAt.slice(0, 10),
  entries,
});

describe('mergeSavedPlans', () => {
  it('is null before any plan', () => {
    expect(mergeSavedPlans([undefined, undefined])).toBeNull();
  });

  it("takes each task as the newest plan left it: a member's own plan over an older team plan, and not over a newer one", () => {
    const team = plan('2026-11-30T08:00:00.000Z', [
      placed('mine', '2026-11-30', 'Mon: due that day'),
      placed('theirs', '2026-12-01', 'Tue: spreads the team’s week'),
    ]);
    const own = plan('2026-11-30T09:00:00.000Z', [
      placed('mine', '2026-12-02', 'Wed: the first day with room'),
      { outcome: 'unplaced', taskId: 'huge', projectId: 'p1', title: 'Huge', reason: 'Longer than your free time this week' },
    ]);
    expect(mergeSavedPlans([team, own])).toEqual({
      generatedAt: '2026-11-30T09:00:00.000Z',
      weekStart: '2026-11-30',
      placements: [
        { taskId: 'theirs', date: '2026-12-01', reason: 'Tue: spreads the team’s week' },
        { taskId: 'mine', date: '2026-12-02', reason: 'Wed: the first day with room' },
      ],
      unplaced: [{ taskId: 'huge', projectId: 'p1', title: 'Huge', reason: 'Longer than your free time this week' }],
      conflicts: [],
    });

    const newerTeam = plan('2026-11-30T10:00:00.000Z', [{ ...placed('mine', '2026-12-03', 'Thu: due that day'), overCapacity: true }]);
    expect(mergeSavedPlans([newerTeam, own])?.placements).toEqual([{ taskId: 'mine', date: '2026-12-03', reason: 'Thu: due that day', overCapacity: true }]);
  });
});
