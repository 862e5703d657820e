import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { monthTitle, monthWeeks, moreInCell, shiftMonth, tasksByDay } from './month-grid';

describe('monthWeeks', () => {
  it('runs whole weeks, Sunday to Saturday, around the month', () => {
    const weeks = monthWeeks('2026-11'); // 1 November 2026 is a Sunday; the 30th a Monday.
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks.at(-1)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks).toHaveLength(5);
  });

  it('starts on the Sunday before a month that starts mid-week, and may need six rows', () => {
    const weeks = monthWeeks('2026-08'); // 1 August 2026 is a Saturday.
    expect(weeks[0]).toEqual(['2026-07-26', '2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30', '2026-07-31', '2026-08-01']);
    expect(weeks).toHaveLength(6);
    expect(monthWeeks('2026-02')).toHaveLength(4); // 1 February 2026 is a Sunday, 28 days.
  });
});

describe('shiftMonth and monthTitle', () => {
  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-11', 'en-US')).toBe('November 2026');
  });
});

describe('tasksByDay', () => {
  it('groups dated tasks by their due date', () => {
    const days = tasksByDay([aTask({ id: 'a', dueDate: '2026-11-23' }), aTask({ id: 'b', dueDate: null }), aTask({ id: 'c', dueDate: '2026-11-23' })]);
    expect([...days].map(([day, tasks]) => [day, tasks.map((task) => task.id)])).toEqual([['2026-11-23', ['a', 'c']]]);
  });
});

describe('moreInCell', () => {
  it('counts what a cell leaves out of each kind, never less than nothing', () => {
    expect(moreInCell(0, 3)).toBe(1);
    expect(moreInCell(5, 0)).toBe(2);
    expect(moreInCell(4, 4)).toBe(3);
    expect(moreInCell(3, 2)).toBe(0);
  });
});
