import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priorities, weekDays, type WeekDay } from '../schemas/project.js';
import { addDays } from './calendar-date.js';
import { formatMinutes, planWeek, taskMinutes, weekDayOf, type PlannerInput, type PlannerTask } from './weekly-planner.js';

const MEMBERS = ['ana', 'ben', 'cy'];
const PROJECTS = ['p1', 'p2', 'p3', 'p4'];

const weekDaySet = fc.subarray([...weekDays], { minLength: 0 });
const plannerInput: fc.Arbitrary<PlannerInput> = fc
  .record({
    today: fc.integer({ min: 0, max: 400 }).map((offset) => addDays('2026-01-01', offset)),
    preferred: fc.tuple(weekDaySet, weekDaySet, weekDaySet, weekDaySet),
    focus: fc.subarray(PROJECTS),
    capacity: fc.constantFrom(240, 480, 600),
    tasks: fc.array(
      fc.record({
        projectId: fc.constantFrom(...PROJECTS),
        priority: fc.constantFrom(...priorities),
        dueDate: fc.option(fc.integer({ min: -20, max: 40 }).map((offset) => addDays('2026-06-01', offset)), { nil: null }),
        timeEstimate: fc.option(fc.integer({ min: 0, max: 48 }).map((quarters) => quarters * 15), { nil: null }),
        assignedTo: fc.option(fc.constantFrom(...MEMBERS), { nil: null }),
        title: fc.constantFrom('Write', 'Review', 'Ship', 'Plan'),
      }),
      { maxLength: 60 },
    ),
  })
  .map(({ today, preferred, focus, capacity, tasks }) => ({
    today,
    capacityMinutes: capacity,
    focusProjectIds: focus,
    projects: PROJECTS.map((id, index) => ({ id, name: `Project ${id}`, preferredDays: preferred[index] ?? [] })),
    tasks: tasks.map((task, index): PlannerTask => ({ ...task, id: `t${index}` })),
  }));

/** The days a task may go on: its project's preferred days, Monday–Friday when none are set. */
function allowedDays(input: PlannerInput, task: PlannerTask): WeekDay[] {
  const days = input.projects.find((project) => project.id === task.projectId)?.preferredDays ?? [];
  return days.length > 0 ? [...days] : ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
}

describe('planWeek: properties', () => {
  it('places or reports every pending task exactly once, within the next 7 days', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const { placements, unplaced } = planWeek(input);
        const ids = [...placements.map((placement) => placement.taskId), ...unplaced.map((entry) => entry.taskId)].sort();
        expect(ids).toEqual(input.tasks.map((task) => task.id).sort());
        for (const placement of placements) {
          expect(placement.date >= input.today && placement.date <= addDays(input.today, 6)).toBe(true);
          expect(placement.reason.length).toBeGreaterThan(0);
        }
        for (const entry of unplaced) expect(entry.reason.length).toBeGreaterThan(0);
      }),
    );
  });

  it('honours each project’s preferred days', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        for (const placement of planWeek(input).placements) {
          const task = input.tasks.find((candidate) => candidate.id === placement.taskId) as PlannerTask;
          expect(allowedDays(input, task)).toContain(weekDayOf(placement.date));
        }
      }),
    );
  });

  it('puts no assignee (or the team pool) over capacity on a day, unless one task alone is longer', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const byPoolAndDay = new Map<string, PlannerTask[]>();
        for (const placement of planWeek(input).placements) {
          const task = input.tasks.find((candidate) => candidate.id === placement.taskId) as PlannerTask;
          const key = `${task.assignedTo ?? 'team'}|${placement.date}`;
          byPoolAndDay.set(key, [...(byPoolAndDay.get(key) ?? []), task]);
        }
        const capacity = input.capacityMinutes ?? 480;
        for (const tasks of byPoolAndDay.values()) {
          const total = tasks.reduce((sum, task) => sum + taskMinutes(task), 0);
          if (total > capacity) expect(tasks).toHaveLength(1);
        }
      }),
    );
  });

  it('never schedules a focus project’s task later than a non-focus task of the same priority competing for the same days', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const focus = new Set(input.focusProjectIds);
        const placed = planWeek(input).placements.map((placement) => ({
          placement,
          task: input.tasks.find((candidate) => candidate.id === placement.taskId) as PlannerTask,
        }));
        const slotKey = (task: PlannerTask) => `${task.assignedTo ?? 'team'}|${task.priority}|${allowedDays(input, task).sort().join()}`;
        for (const focused of placed.filter(({ task }) => focus.has(task.projectId))) {
          for (const other of placed.filter(({ task }) => !focus.has(task.projectId) && slotKey(task) === slotKey(focused.task))) {
            expect(focused.placement.date <= other.placement.date).toBe(true);
          }
        }
      }),
    );
  });

  it('gives the same plan for the same input, whatever order the tasks come in', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const reversed = { ...input, tasks: [...input.tasks].reverse() };
        const byTask = (result: ReturnType<typeof planWeek>) => [...result.placements].sort((a, b) => a.taskId.localeCompare(b.taskId));
        expect(byTask(planWeek(reversed))).toEqual(byTask(planWeek(input)));
      }),
    );
  });
});

describe('formatMinutes', () => {
  it.each([
    [45, '45 min'],
    [60, '1h'],
    [90, '1h 30 min'],
    [480, '8h'],
  ])('%i minutes read %s', (minutes, text) => expect(formatMinutes(minutes)).toBe(text));
});

describe('planWeek: examples', () => {
  const project = (id: string, name: string, preferredDays: WeekDay[] = []) => ({ id, name, preferredDays });
  const task = (id: string, overrides: Partial<PlannerTask> = {}): PlannerTask => ({
    id,
    projectId: 'apollo',
    title: id,
    priority: 'medium',
    dueDate: null,
    timeEstimate: 240,
    assignedTo: 'ana',
    ...overrides,
  });
  // 2026-11-23 is a Monday.
  const base = { today: '2026-11-23', projects: [project('apollo', 'Apollo'), project('zephyr', 'Zephyr')], memberNames: { ana: 'Ana' } };

  it('explains a placement: focus first, and which days were full for whom', () => {
    const { placements } = planWeek({
      ...base,
      focusProjectIds: ['zephyr'],
      tasks: [task('a1', { priority: 'high' }), task('a2', { priority: 'high' }), task('z1', { projectId: 'zephyr', timeEstimate: 480 })],
    });
    expect(placements).toEqual([
      { taskId: 'z1', date: '2026-11-23', minutes: 480, reason: 'Mon: Zephyr is a focus project' },
      { taskId: 'a1', date: '2026-11-24', minutes: 240, reason: 'Tue: high priority; Mon is full for Ana' },
      { taskId: 'a2', date: '2026-11-24', minutes: 240, reason: 'Tue: high priority; Mon is full for Ana' },
    ]);
  });

  it('counts an assignee’s calendar events as used time on their day, and says so without saying how much', () => {
    const { placements } = planWeek({
      ...base,
      busyMinutes: { ana: { '2026-11-23': 360, '2026-11-24': 90 } },
      tasks: [task('a1', { timeEstimate: 180 }), task('b1', { timeEstimate: 120, assignedTo: 'ben' })],
      viewerId: 'ben',
    });
    expect(placements).toEqual([
      // Ben's plan: how booked Ana's calendar is stays hers.
      { taskId: 'a1', date: '2026-11-24', minutes: 180, reason: "Tue: Mon is full for Ana (calendar events included); Ana's calendar events that day counted" },
      // Ben has no calendar connected: Monday is free for him.
      { taskId: 'b1', date: '2026-11-23', minutes: 120, reason: 'Mon: the first day with room' },
    ]);
  });

  it('says how much of the calendar was counted only to its owner', () => {
    const input = { ...base, busyMinutes: { ana: { '2026-11-23': 90 } }, tasks: [task('a1', { timeEstimate: 180 })] };
    expect(planWeek({ ...input, viewerId: 'ana' }).placements[0]?.reason).toBe("Mon: 1h 30 min of Ana's calendar events that day counted");
    expect(planWeek(input).placements[0]?.reason).toBe("Mon: Ana's calendar events that day counted");
  });

  it('counts a missing estimate as 60 minutes and shares one pool among unassigned tasks', () => {
    const unassigned = Array.from({ length: 9 }, (_, index) => task(`u${index}`, { timeEstimate: null, assignedTo: null }));
    const { placements } = planWeek({ ...base, tasks: unassigned });
    expect(placements.filter((placement) => placement.date === '2026-11-23')).toHaveLength(8);
    expect(placements.at(-1)).toMatchObject({ date: '2026-11-24', reason: 'Tue: Mon is full for the team' });
  });

  it('keeps to the project’s days and says so when none is left', () => {
    const weekendOnly = { ...base, projects: [project('apollo', 'Apollo', ['saturday'])] };
    const { placements, unplaced } = planWeek({ ...weekendOnly, tasks: [task('s1', { timeEstimate: 480 }), task('s2', { timeEstimate: 60 })] });
    expect(placements).toEqual([{ taskId: 's1', date: '2026-11-28', minutes: 480, reason: 'Sat: Apollo works Sat' }]);
    expect(unplaced).toEqual([{ taskId: 's2', reason: "No room: Apollo's days in the next 7 days are full for Ana" }]);
  });

  it('puts a task longer than a day alone on an empty day', () => {
    const { placements } = planWeek({ ...base, tasks: [task('small', { timeEstimate: 60, priority: 'high' }), task('huge', { timeEstimate: 600 })] });
    expect(placements).toEqual([
      { taskId: 'small', date: '2026-11-23', minutes: 60, reason: 'Mon: high priority' },
      { taskId: 'huge', date: '2026-11-24', minutes: 600, reason: 'Tue: Mon is full for Ana; longer than a day, so alone' },
    ]);
  });

  it('reads the day of the week of a date', () => {
    expect(['2026-11-23', '2026-11-29', '2024-02-29', '1999-12-31'].map(weekDayOf)).toEqual(['monday', 'sunday', 'thursday', 'friday']);
  });
});
