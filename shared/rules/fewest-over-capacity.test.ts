import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fewestOverCapacity, type PackedTask } from './fewest-over-capacity.js';

/** Every assignment of tasks to their days or to "over", by brute force: the fewest over that fit the room. */
function bruteForceFewest(tasks: readonly PackedTask[], room: readonly number[]): number {
  let best = tasks.length;
  const left = [...room];
  const visit = (index: number, over: number): void => {
    const task = tasks[index];
    if (!task) {
      best = Math.min(best, over);
      return;
    }
    for (const day of task.days) {
      if ((left[day] ?? 0) < task.minutes) continue;
      left[day] = (left[day] ?? 0) - task.minutes;
      visit(index + 1, over);
      left[day] = (left[day] ?? 0) + task.minutes;
    }
    visit(index + 1, over + 1);
  };
  visit(0, 0);
  return best;
}

describe('fewestOverCapacity', () => {
  it('packs a week so one task goes over where placing by deadline left two (issue 31, seed 3 small-19)', () => {
    // Thursday and Friday of 8 hours; 1,275 minutes due by Sunday: only the 6-hour task need go over.
    const tasks = [90, 165, 360, 330, 60, 270].map((minutes, index) => ({ minutes, days: index === 0 ? [0] : [0, 1] }));
    const packed = fewestOverCapacity(tasks, [480, 480], 2);
    expect(packed).toEqual([0, 1, null, 0, 0, 1]);
  });

  it('keeps every task on one of its own days and within each day’s room', () => {
    // The 200-minute task would fit first on Monday, but then the 250 could not: it goes on Tuesday.
    const packed = fewestOverCapacity([{ minutes: 300, days: [1] }, { minutes: 200, days: [0, 1] }, { minutes: 250, days: [0] }], [400, 520], 3) ?? [];
    expect(packed).toEqual([1, 1, 0]);
  });

  it('answers nothing when no packing has fewer tasks over than the plan already has', () => {
    expect(fewestOverCapacity([{ minutes: 500, days: [0] }, { minutes: 100, days: [0] }], [480], 1)).toBeUndefined();
  });

  it('answers nothing when its steps run out before it finds a better packing', () => {
    const tasks = Array.from({ length: 12 }, (_, index) => ({ minutes: 100 + index, days: [0, 1, 2] }));
    expect(fewestOverCapacity(tasks, [450, 450, 450], 12, 5)).toBeUndefined();
  });

  it('finds the fewest tasks over capacity that a search of every assignment finds', () => {
    const day = fc.integer({ min: 0, max: 3 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ minutes: fc.integer({ min: 0, max: 32 }).map((quarters) => quarters * 15), days: fc.uniqueArray(day, { minLength: 1, maxLength: 4 }) }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 480 }), { minLength: 4, maxLength: 4 }),
        (tasks, room) => {
          const best = bruteForceFewest(tasks, room);
          const packed = fewestOverCapacity(tasks, room, tasks.length + 1);
          expect(packed?.filter((day) => day === null).length).toBe(best);
          const used = room.map(() => 0);
          packed?.forEach((packedDay, index) => {
            if (packedDay === null) return;
            expect(tasks[index]?.days).toContain(packedDay);
            used[packedDay] = (used[packedDay] ?? 0) + (tasks[index]?.minutes ?? 0);
          });
          used.forEach((minutes, index) => expect(minutes).toBeLessThanOrEqual(room[index] ?? 0));
        },
      ),
    );
  });
});
