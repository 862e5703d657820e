import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { dayLoad, formatMinutes, lateDays, planDays } from './plan-days';

describe('planDays', () => {
  const projects = [{ id: 'p1', name: 'Apollo', color: '#3B82F6' }];

  it('groups the open tasks of the next 7 days by date, with counts and total time', () => {
    const tasks = [
      aTask({ id: 'a', projectId: 'p1', dueDate: '2026-11-23', timeEstimate: 90 }),
      aTask({ id: 'b', projectId: 'p1', dueDate: '2026-11-23', timeEstimate: null }),
      aTask({ id: 'c', projectId: 'p1', dueDate: '2026-11-25', timeEstimate: 30 }),
      aTask({ id: 'done', projectId: 'p1', dueDate: '2026-11-23', completed: true, status: 'completed' }),
      aTask({ id: 'later', projectId: 'p1', dueDate: '2026-11-30' }),
      aTask({ id: 'archived', projectId: 'p-archived', dueDate: '2026-11-23' }),
    ];
    const days = planDays(tasks, projects, '2026-11-23');
    expect(days.map((day) => [day.date, day.dayName, day.isToday, day.totalTasks, day.totalTime])).toEqual([
      ['2026-11-23', 'Monday', true, 2, 150],
      ['2026-11-24', 'Tuesday', false, 0, 0],
      ['2026-11-25', 'Wednesday', false, 1, 30],
      ['2026-11-26', 'Thursday', false, 0, 0],
      ['2026-11-27', 'Friday', false, 0, 0],
      ['2026-11-28', 'Saturday', false, 0, 0],
      ['2026-11-29', 'Sunday', false, 0, 0],
    ]);
    expect(days[0]?.tasks[0]).toMatchObject({ id: 'a', projectName: 'Apollo', projectColor: '#3B82F6', minutes: 90 });
  });

  it('shows overdue open work on today, marked with the due date that passed (the plan never moves it later)', () => {
    const tasks = [
      aTask({ id: 'late', projectId: 'p1', dueDate: '2026-11-20', timeEstimate: 60 }),
      aTask({ id: 'late-done', projectId: 'p1', dueDate: '2026-11-20', completed: true, status: 'completed' }),
      aTask({ id: 'today', projectId: 'p1', dueDate: '2026-11-23', timeEstimate: 30 }),
    ];
    const [today, tomorrow] = planDays(tasks, projects, '2026-11-23');
    expect(today?.tasks.map((task) => [task.id, task.wasDue])).toEqual([
      ['late', '2026-11-20'],
      ['today', undefined],
    ]);
    expect(today?.totalTime).toBe(90);
    expect(tomorrow?.tasks).toEqual([]);
  });

  it('shows late work on the day the saved plan gave it, still marked with the due date that passed; on today when that day is not shown', () => {
    const tasks = [aTask({ id: 'late', projectId: 'p1', dueDate: '2026-11-20', timeEstimate: 60 }), aTask({ id: 'older', projectId: 'p1', dueDate: '2026-11-19' })];
    const saved = {
      generatedAt: '2026-11-23T08:00:00.000Z',
      weekStart: '2026-11-23',
      placements: [
        { taskId: 'late', date: '2026-11-25', reason: 'Wed: late: was due 20 Nov', late: true as const },
        // From a plan of last week: its day has passed.
        { taskId: 'older', date: '2026-11-21', reason: 'Sat: late: was due 19 Nov', late: true as const },
      ],
      unplaced: [],
      conflicts: [],
    };
    const days = planDays(tasks, projects, '2026-11-23', lateDays(saved));
    expect(days.map((day) => day.tasks.map((task) => [task.id, task.wasDue]))).toEqual([[['older', '2026-11-19']], [], [['late', '2026-11-20']], [], [], [], []]);
    expect(days[2]?.totalTime).toBe(60);
  });

  it("counts a parent's open sub-tasks, not the parent's estimate beside them, and names the parent of each (issue 36)", () => {
    const tasks = [
      aTask({ id: 'parent', projectId: 'p1', dueDate: '2026-11-23', timeEstimate: 480 }),
      aTask({ id: 'sub', projectId: 'p1', parentId: 'parent', dueDate: '2026-11-23', timeEstimate: 60 }),
    ];
    const [today] = planDays(tasks, projects, '2026-11-23');
    expect(today?.tasks.map((task) => [task.id, task.parentId])).toEqual([['sub', 'parent']]);
    expect(today?.totalTime).toBe(60);
  });
});

describe('day load and time', () => {
  it.each([
    [480, 'high'],
    [481, 'over'],
    [360, 'ok'],
    [361, 'high'],
    [0, 'ok'],
  ] as const)('%i minutes is %s', (minutes, load) => {
    expect(dayLoad(minutes)).toBe(load);
  });

  it('formats minutes as hours and minutes', () => {
    expect([45, 60, 150, 0].map(formatMinutes)).toEqual(['45m', '1h', '2h 30m', '0m']);
  });
});
