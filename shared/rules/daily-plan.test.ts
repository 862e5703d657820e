import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priorities } from '../schemas/project.js';
import { addDays } from './calendar-date.js';
import { planDay, type DailyPlanTask } from './daily-plan.js';

const task = (id: string, extra: Partial<DailyPlanTask> = {}): DailyPlanTask => ({
  id,
  projectId: 'p1',
  title: id,
  priority: 'medium',
  dueDate: null,
  timeEstimate: null,
  completed: false,
  ...extra,
});

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

describe('planDay', () => {
  it('takes the top 5 open tasks by priority then due date, in blocks from 09:00 with 15-minute gaps', () => {
    const plan = planDay('2026-11-23', [
      task('low', { priority: 'low', dueDate: '2026-11-20' }),
      task('done', { priority: 'high', completed: true }),
      task('medium-undated'),
      task('high-later', { priority: 'high', dueDate: '2026-11-30', timeEstimate: 90 }),
      task('high-sooner', { priority: 'high', dueDate: '2026-11-24', timeEstimate: 30 }),
      task('medium-dated', { dueDate: '2026-12-01' }),
      task('medium-due', { dueDate: '2026-11-25', timeEstimate: 45 }),
    ]);
    expect(plan.timeBlocks.map((block) => [block.taskId, block.startTime, block.endTime])).toEqual([
      ['high-sooner', '09:00', '09:30'],
      ['high-later', '09:45', '11:15'],
      ['medium-due', '11:30', '12:15'],
      ['medium-dated', '12:30', '13:30'],
      ['medium-undated', '13:45', '14:45'],
    ]);
    expect(plan).toMatchObject({ id: 'daily-2026-11-23', date: '2026-11-23', notes: '', aiGenerated: false, tasks: plan.timeBlocks.map((block) => block.taskId) });
    expect(plan.timeBlocks.every((block) => !block.completed)).toBe(true);
  });

  it('is empty without open tasks, and never runs past midnight', () => {
    expect(planDay('2026-11-23', [task('done', { completed: true })]).timeBlocks).toEqual([]);
    const long = planDay('2026-11-23', [task('a', { timeEstimate: 600 }), task('b', { timeEstimate: 600 }), task('c', { timeEstimate: 60 })]);
    expect(long.timeBlocks.map((block) => [block.taskId, block.startTime, block.endTime])).toEqual([
      ['a', '09:00', '19:00'],
      ['b', '19:15', '23:59'],
    ]);
  });

  it('keeps its rules for any tasks: at most 5, open ones, in order, increasing times, gaps of 15 minutes', () => {
    const tasks = fc.array(
      fc.record({
        id: fc.uuid(),
        projectId: fc.constant('p1'),
        title: fc.string({ maxLength: 8 }),
        priority: fc.constantFrom(...priorities),
        dueDate: fc.option(fc.integer({ min: -10, max: 30 }).map((offset) => addDays('2026-11-23', offset)), { nil: null }),
        timeEstimate: fc.option(fc.integer({ min: 0, max: 32 }).map((quarters) => quarters * 15), { nil: null }),
        completed: fc.boolean(),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(tasks, (candidates) => {
        const plan = planDay('2026-11-23', candidates);
        const open = candidates.filter((candidate) => !candidate.completed);
        expect(plan.timeBlocks.length).toBeLessThanOrEqual(Math.min(5, open.length));
        const rank = { high: 0, medium: 1, low: 2 } as const;
        const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
        const planned = plan.timeBlocks.map((block) => byId.get(block.taskId));
        planned.forEach((entry) => expect(entry?.completed).toBe(false));
        // No open task left out outranks a planned one.
        const worst = planned.at(-1);
        if (worst && plan.timeBlocks.length === 5) {
          for (const other of open.filter((candidate) => !plan.tasks.includes(candidate.id))) expect(rank[other.priority]).toBeGreaterThanOrEqual(rank[worst.priority]);
        }
        plan.timeBlocks.forEach((block, index) => {
          expect(minutesOf(block.endTime)).toBeGreaterThanOrEqual(minutesOf(block.startTime));
          const previous = plan.timeBlocks[index - 1];
          expect(minutesOf(block.startTime)).toBe(previous ? minutesOf(previous.endTime) + 15 : 9 * 60);
        });
      }),
    );
  });
});
