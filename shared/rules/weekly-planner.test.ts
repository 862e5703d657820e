import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priorities, weekDays, type WeekDay } from '../schemas/project.js';
import { addDays } from './calendar-date.js';
import { formatMinutes, planWeek, shortDate, taskMinutes, weekDayOf, type Placement, type PlannerInput, type PlannerTask } from './weekly-planner.js';

const MEMBERS = ['ana', 'ben', 'cy'];
const PROJECTS = ['p1', 'p2', 'p3', 'p4'];

const weekDaySet = fc.subarray([...weekDays], { minLength: 0 });
const plannerInput: fc.Arbitrary<PlannerInput> = fc
  .record({
    today: fc.integer({ min: 0, max: 400 }).map((offset) => addDays('2026-01-01', offset)),
    preferred: fc.tuple(weekDaySet, weekDaySet, weekDaySet, weekDaySet),
    focus: fc.subarray(PROJECTS),
    capacity: fc.constantFrom(240, 480, 600),
    members: fc.subarray(MEMBERS),
    tasks: fc.array(
      fc.record({
        projectId: fc.constantFrom(...PROJECTS),
        priority: fc.constantFrom(...priorities),
        // Around `today` (offsets from it, below): overdue, due this week, due later, or none.
        dueIn: fc.option(fc.integer({ min: -10, max: 14 }), { nil: null }),
        timeEstimate: fc.option(fc.integer({ min: 0, max: 48 }).map((quarters) => quarters * 15), { nil: null }),
        assignedTo: fc.option(fc.constantFrom(...MEMBERS), { nil: null }),
        title: fc.constantFrom('Write', 'Review', 'Ship', 'Plan'),
        pinned: fc.boolean(),
        // Other tasks of the list that block it (cycles included: two edits at once can make one).
        blockers: fc.array(fc.nat(59), { maxLength: 2 }),
      }),
      { maxLength: 60 },
    ),
  })
  .map(({ today, preferred, focus, capacity, members, tasks }) => ({
    today,
    capacityMinutes: capacity,
    memberIds: members,
    focusProjectIds: focus,
    projects: PROJECTS.map((id, index) => ({ id, name: `Project ${id}`, preferredDays: preferred[index] ?? [] })),
    tasks: tasks.map(({ dueIn, pinned, blockers, ...task }, index): PlannerTask => ({
      ...task,
      // About one task in three is blocked.
      ...(index % 3 === 1 ? { openBlockerIds: [...new Set(blockers.filter((at) => at < tasks.length).map((at) => `t${at}`))] } : {}),
      dueDate: dueIn === null ? null : addDays(today, dueIn),
      id: `t${index}`,
      // A few pinned tasks (a pin matters only on a day of the plan).
      ...(pinned && index % 4 === 0 ? { pinned: true as const } : {}),
    })),
  }));

/** Seven values, one per day of the plan, for each of MEMBERS (null: not given). */
const perMemberDay = (values: fc.Arbitrary<number | null>) => fc.array(fc.array(values, { minLength: 7, maxLength: 7 }), { minLength: MEMBERS.length, maxLength: MEMBERS.length });

/**
 * The same inputs with each member's working time (days off, short and long days), calendar events, and a
 * last plan to keep to (some tasks' earlier days and, for the team's work, who did it).
 */
const plannerInputWithTime: fc.Arbitrary<PlannerInput> = fc
  .record({
    input: plannerInput,
    working: perMemberDay(fc.constantFrom(null, null, 0, 240, 600)),
    busy: perMemberDay(fc.constantFrom(null, 0, 60, 300)),
    previous: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 6 }), member: fc.constantFrom(...MEMBERS) }), { maxLength: 60 }),
  })
  .map(({ input, working, busy, previous }) => {
    const days = Array.from({ length: 7 }, (_, offset) => addDays(input.today, offset));
    const byMember = (values: (number | null)[][]) =>
      Object.fromEntries(MEMBERS.map((member, m) => [member, Object.fromEntries(days.flatMap((day, d) => (values[m]?.[d] == null ? [] : [[day, values[m]?.[d] as number]])))]));
    const last = input.tasks.flatMap((task, index) => (previous[index] && index % 2 === 0 ? [[task.id, previous[index]] as const] : []));
    return {
      ...input,
      workingMinutes: byMember(working),
      busyMinutes: byMember(busy),
      previousDates: Object.fromEntries(last.map(([id, { offset }]) => [id, days[offset] as string])),
      previousDoneBy: Object.fromEntries(last.map(([id, { member }]) => [id, member])),
    };
  });

/** A person's free minutes on a date: their working time (the plan's capacity when not given) less their calendar. */
const freeMinutesOf = (input: PlannerInput, person: string, date: string) => {
  const working = Math.max(0, input.workingMinutes?.[person]?.[date] ?? input.capacityMinutes ?? 480);
  return working - Math.min(working, input.busyMinutes?.[person]?.[date] ?? 0);
};

const taskOf = (input: PlannerInput, id: string) => input.tasks.find((task) => task.id === id) as PlannerTask;

/** A task of the examples: Apollo's, Ana's, 4 hours, medium priority, no due date, unless told otherwise. */
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

/** The tasks of the input that block another of it, or are blocked by one (their days follow the chain). */
function inChains(input: PlannerInput): Set<string> {
  const ids = new Set(input.tasks.map((task) => task.id));
  const linked = new Set<string>();
  for (const task of input.tasks) {
    for (const blocker of task.openBlockerIds ?? []) {
      if (blocker === task.id || !ids.has(blocker)) continue;
      linked.add(task.id);
      linked.add(blocker);
    }
  }
  return linked;
}

/** Whether `from` reaches `to` by blockers (a cycle when `to` blocks `from` as well). */
function reaches(input: PlannerInput, from: string, to: string): boolean {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(input.tasks.find((task) => task.id === id)?.openBlockerIds ?? []));
  }
  return false;
}

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

  it('honours each project’s preferred days (a task pinned to its day stays there, whatever day it is)', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          if (task.pinned && placement.date === task.dueDate && placement.reason.includes('pinned to this day')) continue;
          expect(allowedDays(input, task)).toContain(weekDayOf(placement.date));
        }
      }),
    );
  });

  it('puts no assignee over capacity on a day, unless one task alone is longer or it says so', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const byAssigneeAndDay = new Map<string, { task: PlannerTask; placement: Placement }[]>();
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          if (!task.assignedTo) continue;
          const key = `${task.assignedTo}|${placement.date}`;
          byAssigneeAndDay.set(key, [...(byAssigneeAndDay.get(key) ?? []), { task, placement }]);
        }
        const capacity = input.capacityMinutes ?? 480;
        for (const placed of byAssigneeAndDay.values()) {
          const total = placed.reduce((sum, { task }) => sum + taskMinutes(task), 0);
          if (total > capacity) expect(placed.length === 1 || placed.some(({ placement }) => placement.overCapacity)).toBe(true);
        }
      }),
    );
  });

  it('keeps the team within its members’ time on a day, unless it says so', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const members = new Set(input.memberIds);
        if (members.size === 0) return;
        const capacity = input.capacityMinutes ?? 480;
        const byDay = new Map<string, { task: PlannerTask; placement: Placement }[]>();
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          if (task.assignedTo && !members.has(task.assignedTo)) continue;
          byDay.set(placement.date, [...(byDay.get(placement.date) ?? []), { task, placement }]);
        }
        for (const placed of byDay.values()) {
          const total = placed.reduce((sum, { task }) => sum + taskMinutes(task), 0);
          const flagged = placed.some(({ placement }) => placement.overCapacity) || placed.some(({ task }) => taskMinutes(task) > capacity);
          if (!flagged) expect(total).toBeLessThanOrEqual(capacity * members.size);
        }
      }),
    );
  });

  it('never places a task after its due date when any working day before it exists, and goes over capacity only for work due this week', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const chained = inChains(input);
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          const due = task.dueDate;
          const dueThisWeek = due !== null && due <= addDays(input.today, 6);
          // A blocker takes the deadline of what it blocks; a blocked task may be late for its blockers (said).
          if (chained.has(task.id)) continue;
          if (placement.overCapacity) expect(dueThisWeek).toBe(true);
          if (due === null || placement.date <= due) continue;
          // Later than its due date only when it was already overdue, or no working day of its project came by then.
          expect(placement.late).toBe(true);
          const workingDayBy = Array.from({ length: 7 }, (_, offset) => addDays(input.today, offset)).some(
            (date) => date <= due && allowedDays(input, task).includes(weekDayOf(date)),
          );
          expect(due < input.today || !workingDayBy).toBe(true);
        }
      }),
    );
  });

  it('puts overdue work in as early as any day has room for it, marked late', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          if (task.dueDate !== null && task.dueDate < input.today) {
            expect(placement.late).toBe(true);
            expect(placement.reason).toContain(`was due ${shortDate(task.dueDate)}`);
          }
        }
      }),
    );
  });

  it('never schedules a focus project’s task without a deadline later than another project’s of the same priority competing for the same days', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const focus = new Set(input.focusProjectIds);
        const lastDay = addDays(input.today, 6);
        const chained = inChains(input);
        const flexible = (task: PlannerTask) => (task.dueDate === null || task.dueDate > lastDay) && !chained.has(task.id);
        const placed = planWeek(input)
          .placements.map((placement) => ({ placement, task: taskOf(input, placement.taskId) }))
          .filter(({ task }) => flexible(task));
        const slotKey = (task: PlannerTask) => `${task.assignedTo ?? 'team'}|${task.priority}|${allowedDays(input, task).sort().join()}`;
        for (const focused of placed.filter(({ task }) => focus.has(task.projectId))) {
          for (const other of placed.filter(({ task }) => !focus.has(task.projectId) && slotKey(task) === slotKey(focused.task))) {
            expect(focused.placement.date <= other.placement.date).toBe(true);
          }
        }
      }),
    );
  });

  it('never places a task before its blockers: on a later day, or after them on the same day (pins and cycles aside)', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const { placements, unplaced } = planWeek(input);
        const at = new Map(placements.map((placement, index) => [placement.taskId, { placement, index }]));
        const left = new Set(unplaced.map((entry) => entry.taskId));
        for (const task of input.tasks) {
          const mine = at.get(task.id);
          for (const blockerId of task.openBlockerIds ?? []) {
            if (blockerId === task.id || !input.tasks.some((other) => other.id === blockerId) || reaches(input, blockerId, task.id)) continue;
            const theirs = at.get(blockerId);
            // A blocker that fits nowhere this week leaves what it blocks out too.
            if (!theirs) {
              expect(left.has(task.id)).toBe(true);
              continue;
            }
            if (!mine || task.pinned) continue;
            expect(mine.placement.date >= theirs.placement.date).toBe(true);
            if (mine.placement.date === theirs.placement.date) expect(mine.index).toBeGreaterThan(theirs.index);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never moves a pinned task off its day when that day is one of the plan’s', () => {
    fc.assert(
      fc.property(plannerInput, (input) => {
        const days = Array.from({ length: 7 }, (_, offset) => addDays(input.today, offset));
        const placed = new Map(planWeek(input).placements.map((placement) => [placement.taskId, placement]));
        for (const task of input.tasks) {
          if (task.pinned && task.dueDate !== null && days.includes(task.dueDate)) expect(placed.get(task.id)?.date).toBe(task.dueDate);
        }
      }),
    );
  });

  it('never puts work on a day its person does not work (a task pinned to its day aside), with working time, calendars and a last plan', () => {
    fc.assert(
      fc.property(plannerInputWithTime, (input) => {
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          const person = task.assignedTo ?? placement.doneBy;
          if (person === undefined || (task.pinned && placement.date === task.dueDate)) continue;
          expect(Math.max(0, input.workingMinutes?.[person]?.[placement.date] ?? input.capacityMinutes ?? 480), `${task.id} on ${placement.date}`).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each person within their free time on a day (working time less calendar), unless one task alone is longer or it says so', () => {
    fc.assert(
      fc.property(plannerInputWithTime, (input) => {
        const byPersonAndDay = new Map<string, { task: PlannerTask; placement: Placement }[]>();
        for (const placement of planWeek(input).placements) {
          const task = taskOf(input, placement.taskId);
          const person = task.assignedTo ?? placement.doneBy;
          if (person === undefined) continue;
          const key = `${person}|${placement.date}`;
          byPersonAndDay.set(key, [...(byPersonAndDay.get(key) ?? []), { task, placement }]);
        }
        for (const [key, placed] of byPersonAndDay) {
          const [person, date] = key.split('|') as [string, string];
          const total = placed.reduce((sum, { task }) => sum + taskMinutes(task), 0);
          const flagged = placed.length === 1 || placed.some(({ placement, task }) => placement.overCapacity || (task.pinned && placement.date === task.dueDate));
          if (!flagged) expect(total, key).toBeLessThanOrEqual(freeMinutesOf(input, person, date));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same whole result (placements, what is left out, room left) for the same input, with working time, calendars and a last plan', () => {
    fc.assert(
      fc.property(plannerInputWithTime, (input) => {
        const sorted = (result: ReturnType<typeof planWeek>) => ({
          placements: [...result.placements].sort((a, b) => a.taskId.localeCompare(b.taskId)),
          unplaced: [...result.unplaced].sort((a, b) => a.taskId.localeCompare(b.taskId)),
          roomLeft: result.roomLeft,
        });
        expect(sorted(planWeek({ ...input, tasks: [...input.tasks].reverse() }))).toEqual(sorted(planWeek(input)));
      }),
      { numRuns: 200 },
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
  // 2026-11-23 is a Monday.
  const base = { today: '2026-11-23', projects: [project('apollo', 'Apollo'), project('zephyr', 'Zephyr')], memberNames: { ana: 'Ana' } };

  it('explains a placement: focus first, which days were full for whom, and a week spread out', () => {
    const { placements } = planWeek({
      ...base,
      focusProjectIds: ['zephyr'],
      tasks: [task('a1', { priority: 'high' }), task('a2', { priority: 'high' }), task('z1', { projectId: 'zephyr', timeEstimate: 480 })],
    });
    expect(placements).toEqual([
      { taskId: 'z1', date: '2026-11-23', minutes: 480, reason: 'Mon: Zephyr is a focus project' },
      { taskId: 'a1', date: '2026-11-24', minutes: 240, reason: 'Tue: high priority; Mon is full for Ana' },
      { taskId: 'a2', date: '2026-11-25', minutes: 240, reason: "Wed: high priority; Mon is full for Ana; spreads Ana's week" },
    ]);
  });

  it('spreads a week of work over the working days instead of piling it onto the first (issue 31: 11 tasks, 14 h 15 min)', () => {
    const estimates = [120, 90, 90, 60, 60, 60, 120, 45, 60, 90, 60];
    const { placements } = planWeek({ ...base, tasks: estimates.map((minutes, index) => task(`t${index}`, { timeEstimate: minutes })) });
    const perDay = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date) =>
      placements.filter((placement) => placement.date === date).reduce((sum, placement) => sum + placement.minutes, 0),
    );
    expect(perDay.reduce((sum, minutes) => sum + minutes, 0)).toBe(855);
    expect(Math.max(...perDay) - Math.min(...perDay)).toBeLessThanOrEqual(120);
    expect(placements.every((placement) => !placement.overCapacity)).toBe(true);
  });

  it('places work due this week on or before its due date, the earliest deadline first, spread over the days before it', () => {
    const { placements } = planWeek({
      ...base,
      tasks: [
        task('big', { timeEstimate: 480, priority: 'high' }),
        task('dueTue', { dueDate: '2026-11-24', timeEstimate: 240 }),
        task('dueMon', { dueDate: '2026-11-23', timeEstimate: 240, priority: 'low' }),
      ],
    });
    expect(placements).toEqual([
      { taskId: 'dueMon', date: '2026-11-23', minutes: 240, reason: 'Mon: due that day' },
      { taskId: 'dueTue', date: '2026-11-24', minutes: 240, reason: "Tue: due that day; spreads Ana's week" },
      { taskId: 'big', date: '2026-11-25', minutes: 480, reason: 'Wed: high priority; Mon and Tue are full for Ana' },
    ]);
  });

  it('goes over capacity on the due date rather than past it, and says so', () => {
    const { placements, unplaced } = planWeek({
      ...base,
      tasks: [task('first', { dueDate: '2026-11-23', timeEstimate: 420 }), task('second', { dueDate: '2026-11-23', timeEstimate: 120 })],
    });
    expect(unplaced).toEqual([]);
    expect(placements[1]).toEqual({
      taskId: 'second',
      date: '2026-11-23',
      minutes: 120,
      reason: 'Mon: due that day; over capacity for Ana: nothing else fitted by Mon',
      overCapacity: true,
      risk: { text: "can't fit by Mon: Ana has 1h free, it needs 2h" },
    });
  });

  it('lets a task longer than any day it may take by its due date go over capacity after the work that fits (issue 31, seed 2 small-0)', () => {
    // Apollo works Mondays only and Ana has 4 h 30 min free then: the 5 h 45 min task goes over whatever is planned.
    const { placements } = planWeek({
      ...base,
      projects: [project('apollo', 'Apollo', ['monday'])],
      busyMinutes: { ana: { '2026-11-23': 210 } },
      tasks: [
        task('long', { dueDate: '2026-11-23', timeEstimate: 345, priority: 'high' }),
        task('short', { dueDate: '2026-11-25', timeEstimate: 60, priority: 'low' }),
        task('shorter', { dueDate: '2026-11-25', timeEstimate: 15 }),
      ],
    });
    expect(placements.map((placement) => [placement.taskId, placement.date, placement.overCapacity === true])).toEqual([
      ['shorter', '2026-11-23', false],
      ['short', '2026-11-23', false],
      ['long', '2026-11-23', true],
    ]);
  });

  it('packs a person’s week so that one task goes over capacity where placing by deadline left two (issue 31, seed 3 small-19)', () => {
    // Thursday and Friday before the weekend, 8 hours each; 1,275 minutes due by Sunday.
    const { placements } = planWeek({
      ...base,
      today: '2026-11-26',
      memberIds: ['ana'],
      tasks: [
        task('t7', { dueDate: '2026-11-26', timeEstimate: 90, priority: 'high' }),
        task('t4', { dueDate: '2026-11-27', timeEstimate: 165, priority: 'low' }),
        task('t8', { dueDate: '2026-11-28', timeEstimate: 360, assignedTo: null }),
        task('t1', { dueDate: '2026-11-28', timeEstimate: 330, priority: 'low' }),
        task('t0', { dueDate: '2026-11-29', timeEstimate: 60, priority: 'low' }),
        task('t3', { dueDate: '2026-11-29', timeEstimate: 270, priority: 'low' }),
      ],
    });
    expect(placements.filter((placement) => placement.overCapacity).map((placement) => placement.taskId)).toEqual(['t8']);
    expect(placements.every((placement) => placement.date <= '2026-11-27')).toBe(true);
    const over = placements.find((placement) => placement.taskId === 't8');
    expect(over?.risk?.text).toBe("can't fit by Sat: the team has 45 min free, it needs 6h");
    expect(placements.find((placement) => placement.taskId === 't1')?.reason).toContain('moved so that fewer tasks go over capacity');
  });

  it('puts overdue work in first and keeps it marked late, with the date it was due', () => {
    const { placements } = planWeek({ ...base, tasks: [task('today'), task('late', { dueDate: '2026-11-20', priority: 'low' })] });
    expect(placements[0]).toEqual({ taskId: 'late', date: '2026-11-23', minutes: 240, reason: 'Mon: late: was due 20 Nov', late: true, risk: { text: 'was due 20 Nov' } });
  });

  it('pulls a deadline after the week in only with the room left after everything due sooner', () => {
    const { placements, unplaced } = planWeek({
      ...base,
      tasks: [
        task('later', { dueDate: '2026-12-08', timeEstimate: 480, priority: 'high' }),
        ...['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date) => task(`due-${date}`, { dueDate: date, timeEstimate: 480 })),
      ],
    });
    expect(placements.map((placement) => placement.taskId)).not.toContain('later');
    expect(unplaced).toEqual([{ taskId: 'later', reason: "No room: Apollo's days in the next 7 days are full for Ana" }]);
    const roomy = planWeek({ ...base, tasks: [task('later', { dueDate: '2026-12-08', timeEstimate: 60 })] });
    expect(roomy.placements[0]?.reason).toBe('Mon: due 8 Dec, and this week had room');
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

  it('counts a missing estimate as 60 minutes and spreads the team’s unassigned work over the week', () => {
    const unassigned = Array.from({ length: 9 }, (_, index) => task(`u${index}`, { timeEstimate: null, assignedTo: null }));
    const { placements } = planWeek({ ...base, tasks: unassigned });
    const perDay = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date) => placements.filter((placement) => placement.date === date).length);
    expect(perDay).toEqual([2, 2, 2, 2, 1]);
    expect(placements.every((placement) => placement.minutes === 60)).toBe(true);
    expect(placements.at(-1)?.reason).toBe("Fri: spreads the team's week");
  });

  it('does the team’s unassigned work in its members’ free time, not in a time of its own', () => {
    const members = { ...base, memberIds: ['ana', 'ben'], memberNames: { ana: 'Ana', ben: 'Ben' } };
    // Ana's Monday is taken; Ben's is free: the team's work due Monday fits in Ben's day.
    const shared = planWeek({
      ...members,
      tasks: [task('anas', { dueDate: '2026-11-23', timeEstimate: 480 }), ...[1, 2].map((index) => task(`team${index}`, { dueDate: '2026-11-23', assignedTo: null }))],
    });
    expect(shared.placements.map((placement) => [placement.taskId, placement.date, placement.overCapacity ?? false])).toEqual([
      ['anas', '2026-11-23', false],
      ['team1', '2026-11-23', false],
      ['team2', '2026-11-23', false],
    ]);
    // With Ana the only member and her Monday full, the team's work due Monday goes over her time, and says so.
    const alone = planWeek({
      ...base,
      memberIds: ['ana'],
      tasks: [task('anas', { dueDate: '2026-11-23', timeEstimate: 480 }), task('team', { dueDate: '2026-11-23', assignedTo: null, timeEstimate: 60 })],
    });
    expect(alone.placements[1]).toMatchObject({ taskId: 'team', date: '2026-11-23', overCapacity: true, reason: 'Mon: due that day; over capacity for the team: nothing else fitted by Mon' });
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

  it('makes room for a deadline by moving late work a day on, rather than going over capacity (the exact search found it)', () => {
    // Wednesday: 6 h 30 min free after a meeting. The overdue task goes in first, then the one due that day
    // would not fit: the overdue one moves to Thursday, one more day late, and the deadline is kept.
    const { placements } = planWeek({
      ...base,
      today: '2026-11-25',
      memberIds: ['ana'],
      busyMinutes: { ana: { '2026-11-25': 90 } },
      tasks: [task('old', { dueDate: '2026-11-22', timeEstimate: 270, assignedTo: null }), task('today', { dueDate: '2026-11-25', timeEstimate: 195 })],
    });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.today).toMatchObject({ date: '2026-11-25' });
    expect(on.today?.overCapacity).toBeUndefined();
    expect(on.old).toMatchObject({ date: '2026-11-26', late: true, doneBy: 'ana', reason: 'Thu: late: was due 22 Nov; moved from Wed to make room for work due by then' });
  });

  it('clears late work off a day for a deadline: to another day it may take, else out of the week, never over capacity', () => {
    // Apollo works Wednesday and Friday, Zephyr only Wednesday. Two overdue tasks fill Wednesday; six hours
    // due that day need room no single move makes.
    const { placements, unplaced } = planWeek({
      ...base,
      memberIds: ['ana'],
      projects: [project('apollo', 'Apollo', ['wednesday', 'friday']), project('zephyr', 'Zephyr', ['wednesday'])],
      tasks: [
        task('old-apollo', { dueDate: '2026-11-20', timeEstimate: 180 }),
        task('old-zephyr', { projectId: 'zephyr', dueDate: '2026-11-20', timeEstimate: 180 }),
        task('report', { dueDate: '2026-11-25', timeEstimate: 360 }),
      ],
    });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.report).toMatchObject({ date: '2026-11-25' });
    expect(on.report?.overCapacity).toBeUndefined();
    expect(on['old-apollo']).toMatchObject({ date: '2026-11-27', late: true, reason: 'Fri: late: was due 20 Nov; moved from Wed to make room for work due by then' });
    // Zephyr has no other day: it leaves the week, reported, and keeps its due date (still overdue).
    expect(on['old-zephyr']).toBeUndefined();
    expect(unplaced).toEqual([{ taskId: 'old-zephyr', reason: 'No room: its time on Wed went to work due by then, and no other day had room' }]);
  });

  it('moves the team’s work to another member with room that day when it took the time a deadline needs', () => {
    // Apollo works Wednesday and Friday. The team's 4 hours due Wednesday go to Ana, who has the most room;
    // then Ana's own 6 hours due Wednesday fit only if the team's work is Ben's (5 h free after a meeting).
    const { placements } = planWeek({
      ...base,
      memberIds: ['ana', 'ben'],
      memberNames: { ana: 'Ana', ben: 'Ben' },
      projects: [project('apollo', 'Apollo', ['wednesday', 'friday'])],
      busyMinutes: { ben: { '2026-11-25': 180 } },
      tasks: [task('team', { assignedTo: null, priority: 'high', dueDate: '2026-11-25' }), task('report', { dueDate: '2026-11-25', timeEstimate: 360 })],
    });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.report).toMatchObject({ date: '2026-11-25' });
    expect(on.report?.overCapacity).toBeUndefined();
    expect(on.team).toMatchObject({ date: '2026-11-25', doneBy: 'ben', reason: "Wed: due that day; high priority; moved from Ana's time to Ben's to make room for work due that day" });
  });

  /** Ben's overdue 4 hours, the team's 5 hours and Ana's 6 hours, all wanting Wednesday (Apollo works Wed and Fri). */
  const chainWeek = {
    ...base,
    memberIds: ['ana', 'ben'],
    memberNames: { ana: 'Ana', ben: 'Ben' },
    projects: [project('apollo', 'Apollo', ['wednesday', 'friday'])],
    tasks: [
      task('old', { assignedTo: 'ben', dueDate: '2026-11-20' }),
      task('team', { assignedTo: null, priority: 'high', dueDate: '2026-11-25', timeEstimate: 300 }),
      task('report', { dueDate: '2026-11-25', timeEstimate: 360 }),
    ],
  };

  it('makes room for a deadline by a chain across people: late work leaves a member’s day, the team’s work goes there (issue 31, seed 1 small-7)', () => {
    // Apollo works Wednesday and Friday. Ben's overdue 4 hours go in first, on Wednesday; the team's 5 hours
    // due Wednesday go to Ana (the most room); Ana's own 6 hours due Wednesday then fit nowhere. No single
    // move makes room: Ben's late work moves to Friday, the team's work to Ben, and the deadline is kept.
    const { placements, unplaced } = planWeek(chainWeek);
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(unplaced).toEqual([]);
    expect(on.report).toMatchObject({ date: '2026-11-25' });
    expect(placements.some((placement) => placement.overCapacity)).toBe(false);
    expect(on.team).toMatchObject({ date: '2026-11-25', doneBy: 'ben', reason: "Wed: due that day; high priority; moved from Ana's time to Ben's to make room for work due that day" });
    expect(on.old).toMatchObject({ date: '2026-11-27', late: true, reason: 'Fri: late: was due 20 Nov; moved from Wed to make room for work due by then' });
  });

  it('when regenerating, makes no chain that moves work off the day the last plan gave it: the deadline goes over capacity, said', () => {
    // The chain above, with the late work and the team's work where the last plan put them (Wednesday):
    // the team's work may change hands that day, but Ben's day holds only what the last plan gave him.
    const { placements } = planWeek({ ...chainWeek, previousDates: { old: '2026-11-25', team: '2026-11-25' }, previousDoneBy: { team: 'ana' } });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.old).toMatchObject({ date: '2026-11-25' });
    expect(on.team).toMatchObject({ date: '2026-11-25', doneBy: 'ana' });
    expect(on.report).toMatchObject({ date: '2026-11-25', overCapacity: true });
  });

  it('keeps a task on the day the last plan gave it while that day has room, so regenerating moves little', () => {
    const tasks = [task('a', { timeEstimate: 120 }), task('b', { timeEstimate: 120 })];
    const first = planWeek({ ...base, memberIds: ['ana'], tasks });
    expect(first.placements.map((placement) => placement.date)).toEqual(['2026-11-23', '2026-11-24']);
    // Given Thursday for 'b' last time, it stays there; a day that is no longer allowed is not kept.
    const again = planWeek({ ...base, memberIds: ['ana'], tasks, previousDates: { b: '2026-11-26', a: '2026-11-28' } });
    const on = Object.fromEntries(again.placements.map((placement) => [placement.taskId, placement]));
    expect(on.b).toMatchObject({ date: '2026-11-26', reason: 'Thu: kept where the last plan put it' });
    expect(on.a?.date).toBe('2026-11-23');
  });

  it('keeps the team’s work with the member the last plan gave it to while they have room', () => {
    const team = [task('t', { assignedTo: null, timeEstimate: 60 })];
    const input = { ...base, memberIds: ['ana', 'ben'], busyMinutes: { ben: { '2026-11-23': 120 } }, tasks: team, previousDates: { t: '2026-11-23' } };
    // Left to itself, the team's work takes the time of whoever has the most: Ana.
    expect(planWeek(input).placements[0]).toMatchObject({ date: '2026-11-23', doneBy: 'ana' });
    expect(planWeek({ ...input, previousDoneBy: { t: 'ben' } }).placements[0]).toMatchObject({ date: '2026-11-23', doneBy: 'ben', reason: 'Mon: kept where the last plan put it' });
    // Ben has no room left that day: the day is kept, in Ana's time.
    const benBusy = { ...input, busyMinutes: { ben: { '2026-11-23': 480 } }, previousDoneBy: { t: 'ben' } };
    expect(planWeek(benBusy).placements[0]).toMatchObject({ date: '2026-11-23', doneBy: 'ana' });
  });

  it('goes over capacity on the day the last plan gave a task rather than moving the overload', () => {
    // An hour free each day to Wednesday; two hours due Wednesday fit none of them.
    const busy = { ana: { '2026-11-23': 420, '2026-11-24': 420, '2026-11-25': 420 } };
    const input = { ...base, memberIds: ['ana'], busyMinutes: busy, tasks: [task('x', { dueDate: '2026-11-25', timeEstimate: 120 })] };
    expect(planWeek(input).placements[0]).toMatchObject({ date: '2026-11-23', overCapacity: true });
    expect(planWeek({ ...input, previousDates: { x: '2026-11-25' } }).placements[0]).toMatchObject({ date: '2026-11-25', overCapacity: true });
  });

  it('makes room by moving a task the last plan put elsewhere before one still on the day it was given', () => {
    // Two overdue tasks fill Monday; a third, due Monday, needs room: the one new to this plan moves on.
    const tasks = [
      task('a-kept', { dueDate: '2026-11-20', timeEstimate: 240 }),
      task('b-new', { dueDate: '2026-11-20', timeEstimate: 240 }),
      task('today', { dueDate: '2026-11-23', timeEstimate: 240 }),
    ];
    const on = (previousDates: Record<string, string>) =>
      Object.fromEntries(planWeek({ ...base, memberIds: ['ana'], tasks, previousDates }).placements.map((placement) => [placement.taskId, placement.date]));
    expect(on({})).toEqual({ 'a-kept': '2026-11-24', 'b-new': '2026-11-23', today: '2026-11-23' });
    expect(on({ 'a-kept': '2026-11-23' })).toEqual({ 'a-kept': '2026-11-23', 'b-new': '2026-11-24', today: '2026-11-23' });
  });

  it('keeps to each person’s working time: nothing on a day off, the team’s work to whoever works that day', () => {
    const { placements } = planWeek({
      ...base,
      memberIds: ['ana', 'ben'],
      memberNames: { ana: 'Ana', ben: 'Ben' },
      // Ana is off Monday and works 4 hours on Tuesday; Ben does not work Mondays either.
      workingMinutes: { ana: { '2026-11-23': 0, '2026-11-24': 240 }, ben: { '2026-11-23': 0 } },
      tasks: [task('mine', { timeEstimate: 180 }), task('more', { timeEstimate: 300 }), task('team', { assignedTo: null, timeEstimate: 60 })],
    });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.mine).toMatchObject({ date: '2026-11-24', reason: 'Tue: Ana is off Mon' });
    // Five hours do not fit Ana's four-hour Tuesday next to the three already there: Wednesday.
    expect(on.more?.date).toBe('2026-11-25');
    expect(on.team).toMatchObject({ date: '2026-11-24', reason: 'Tue: nobody works Mon' });
    expect(placements.every((placement) => placement.date !== '2026-11-23')).toBe(true);
  });

  it('never goes over capacity on a day off: work due while its person is off goes late on their next working day, at risk, naming who has room', () => {
    // Ana is off Monday to Wednesday; her 2-hour task is due Wednesday. Ben works all week.
    const { placements } = planWeek({
      ...base,
      memberIds: ['ana', 'ben'],
      memberNames: { ana: 'Ana', ben: 'Ben' },
      workingMinutes: { ana: { '2026-11-23': 0, '2026-11-24': 0, '2026-11-25': 0 } },
      tasks: [task('report', { dueDate: '2026-11-25', timeEstimate: 120 }), task('team', { assignedTo: null, dueDate: '2026-11-23', timeEstimate: 60 })],
    });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.report).toMatchObject({ date: '2026-11-26', late: true, risk: { roomWith: 'ben' } });
    expect(on.report?.overCapacity).toBeUndefined();
    // The team's work goes to whoever works that day.
    expect(on.team).toMatchObject({ date: '2026-11-23', doneBy: 'ben' });
  });

  it('keeps a pinned task on its day, planned first, and never moves it to make room', () => {
    const { placements } = planWeek({
      ...base,
      memberIds: ['ana'],
      tasks: [
        // Levelling would put it on Monday; it is pinned to Thursday.
        task('pinned', { dueDate: '2026-11-26', timeEstimate: 420, pinned: true }),
        task('due thu', { dueDate: '2026-11-26', timeEstimate: 120 }),
      ],
    });
    const on = Object.fromEntries(placements.map((placement) => [placement.taskId, placement]));
    expect(on.pinned).toMatchObject({ date: '2026-11-26', reason: 'Thu: due that day; pinned to this day' });
    // The other task, also due Thursday, goes before it rather than moving the pinned one.
    expect((on['due thu']?.date ?? '9999-12-31') < '2026-11-26').toBe(true);
  });

  it('leaves a task pinned to a day after the week out of it (moved to next week), and what waits for it', () => {
    const result = planWeek({
      ...base,
      memberIds: ['ana'],
      tasks: [task('later', { dueDate: '2026-11-30', timeEstimate: 60, pinned: true }), task('after it', { timeEstimate: 60, openBlockerIds: ['later'] }), task('free', { dueDate: '2026-11-30', timeEstimate: 60 })],
    });
    expect(result.placements.map((placement) => placement.taskId)).toEqual(['free']);
    expect(result.unplaced).toEqual([
      { taskId: 'later', reason: 'Pinned to Mon 30 Nov' },
      { taskId: 'after it', reason: expect.stringMatching(/^Waits for later/) },
    ]);
  });

  it('reads the day of the week of a date', () => {
    expect(['2026-11-23', '2026-11-29', '2024-02-29', '1999-12-31'].map(weekDayOf)).toEqual(['monday', 'sunday', 'thursday', 'friday']);
  });
});

describe('planWeek: what is at risk', () => {
  // 2026-11-23 is a Monday.
  const base = { today: '2026-11-23', projects: [{ id: 'apollo', name: 'Apollo', preferredDays: [] }], memberIds: ['ana', 'ben'], memberNames: { ana: 'Ana', ben: 'Ben' } };

  it('says why a deadline is kept only by going over capacity, and names a member with room for it by then', () => {
    // Ana has 6 h on Monday and Tuesday taken; 'Report' (5 h, due Tue) fits neither; Ben has room on Monday.
    const { placements } = planWeek({
      ...base,
      tasks: [
        task('Mon work', { timeEstimate: 360, dueDate: '2026-11-23', pinned: true }),
        task('Tue work', { timeEstimate: 360, dueDate: '2026-11-24', pinned: true }),
        task('Report', { timeEstimate: 300, dueDate: '2026-11-24' }),
      ],
    });
    const report = placements.find((placement) => placement.taskId === 'Report');
    expect(report).toMatchObject({ overCapacity: true, risk: { text: "can't fit by Tue: Ana has 4h free, it needs 5h", roomWith: 'ben' } });
    // What fits has no risk.
    expect(placements.filter((placement) => placement.risk).map((placement) => placement.taskId)).toEqual(['Report']);
  });

  it('names nobody when no other member has a day with room by the due date', () => {
    const full = Object.fromEntries(Array.from({ length: 7 }, (_, offset) => [addDays('2026-11-23', offset), 0]));
    const { placements } = planWeek({
      ...base,
      workingMinutes: { ben: full },
      tasks: [task('Big', { timeEstimate: 480, dueDate: '2026-11-23' }), task('Also', { timeEstimate: 60, dueDate: '2026-11-23' })],
    });
    // 'Also' goes first (the same deadline; by title), so 'Big' is the one that does not fit; Ben works no day.
    expect(placements.find((placement) => placement.taskId === 'Big')?.risk).toEqual({ text: "can't fit by Mon: Ana has 7h free, it needs 8h" });
  });
});

describe('planWeek: dependencies', () => {
  // 2026-11-23 is a Monday.
  const base = { today: '2026-11-23', projects: [{ id: 'apollo', name: 'Apollo', preferredDays: [] }], memberNames: { ana: 'Ana' } };
  const placed = (result: ReturnType<typeof planWeek>) => Object.fromEntries(result.placements.map((placement) => [placement.taskId, placement]));

  it('does a blocker first, by the deadline of what it blocks, and the blocked task after it', () => {
    // 'Write spec' has no due date of its own, but 'Build' (due Wed) waits for it.
    const result = planWeek({
      ...base,
      tasks: [task('Build', { dueDate: '2026-11-25', openBlockerIds: ['Write spec'] }), task('Write spec', { timeEstimate: 480 }), task('Other', { priority: 'high' })],
    });
    const by = placed(result);
    expect(by['Write spec']?.date).toBe('2026-11-23');
    expect(by['Write spec']?.reason).toBe('Mon: Build waits for it (due Wed)');
    expect(by.Build?.date).toBe('2026-11-24');
    expect(by.Build?.reason).toContain('after Write spec, which blocks it');
    expect(by.Build?.late).toBeUndefined();
  });

  it('holds a blocked task back to its blocker’s day when the blocker’s person is busy first', () => {
    // Ana's Monday is taken by a pinned task, so her 'Design' goes on Tuesday; Ben has room on Monday but waits.
    const result = planWeek({
      ...base,
      memberIds: ['ana', 'ben'],
      memberNames: { ana: 'Ana', ben: 'Ben' },
      tasks: [
        task('Standup prep', { timeEstimate: 480, dueDate: '2026-11-23', pinned: true }),
        task('Design', { timeEstimate: 240, dueDate: '2026-11-24' }),
        task('Build', { assignedTo: 'ben', timeEstimate: 120, openBlockerIds: ['Design'] }),
      ],
    });
    const by = placed(result);
    expect(by.Design?.date).toBe('2026-11-24');
    expect(by.Build?.date).toBe('2026-11-24');
    expect(result.placements.findIndex((placement) => placement.taskId === 'Build')).toBeGreaterThan(result.placements.findIndex((placement) => placement.taskId === 'Design'));
  });

  it('puts a blocked task after its blocker on the same day', () => {
    const result = planWeek({ ...base, tasks: [task('B', { timeEstimate: 60, dueDate: '2026-11-23', openBlockerIds: ['A'] }), task('A', { timeEstimate: 60 })] });
    expect(result.placements.map((placement) => [placement.taskId, placement.date])).toEqual([
      ['A', '2026-11-23'],
      ['B', '2026-11-23'],
    ]);
  });

  it('leaves out a task whose blocker fits nowhere this week, and says which', () => {
    // Ana is off all week, so her 'Sign-off' has no room; Ben's 'Ship' waits for it.
    const offAllWeek = Object.fromEntries(Array.from({ length: 7 }, (_, offset) => [addDays('2026-11-23', offset), 0]));
    const result = planWeek({
      ...base,
      memberIds: ['ana', 'ben'],
      workingMinutes: { ana: offAllWeek },
      tasks: [task('Ship', { assignedTo: 'ben', openBlockerIds: ['Sign-off'] }), task('Sign-off', { dueDate: '2026-12-20' })],
    });
    expect(result.placements).toEqual([]);
    expect(result.unplaced.map((entry) => entry.taskId)).toEqual(['Sign-off', 'Ship']);
    expect(result.unplaced[1]?.reason).toBe('Waits for Sign-off, which has no room this week');
  });

  it('waits for a blocker the plan does not place until its due date, and leaves the task out when it has none this week', () => {
    const result = planWeek({
      ...base,
      tasks: [task('Review', { dueDate: '2026-11-23', openBlockerIds: ['Draft'] }), task('Publish', { openBlockerIds: ['Legal'] })],
      outsideBlockers: { Draft: { title: 'Draft', dueDate: '2026-11-25' }, Legal: { title: 'Legal', dueDate: null } },
    });
    const by = placed(result);
    expect(by.Review).toMatchObject({ date: '2026-11-25', late: true });
    expect(by.Review?.reason).toContain('late: waits for Draft');
    expect(result.unplaced).toEqual([{ taskId: 'Publish', reason: 'Waits for Legal, which is not planned this week' }]);
  });

  it('puts a blocker that goes over capacity on the roomiest day that leaves the task waiting for it a day after', () => {
    // Ana has an hour free on Monday, Wednesday and Thursday, 1 h 20 min on Tuesday and 1 h 40 min on Friday:
    // her 2-hour 'Spec' fits no day. On Friday (the most room) it would leave Ben's 'Build' (Zephyr works
    // Monday and Tuesday) no day after it; of Monday and Tuesday, Tuesday has more room.
    const busy = { '2026-11-23': 420, '2026-11-24': 400, '2026-11-25': 420, '2026-11-26': 420, '2026-11-27': 380 };
    const result = planWeek({
      ...base,
      memberIds: ['ana', 'ben'],
      projects: [...base.projects, { id: 'zephyr', name: 'Zephyr', preferredDays: ['monday', 'tuesday'] }],
      busyMinutes: { ana: busy },
      tasks: [task('Spec', { dueDate: '2026-11-27', timeEstimate: 120 }), task('Build', { projectId: 'zephyr', assignedTo: 'ben', dueDate: '2026-11-27', openBlockerIds: ['Spec'] })],
    });
    const by = placed(result);
    expect(by.Spec).toMatchObject({ date: '2026-11-24', overCapacity: true });
    expect(by.Build).toMatchObject({ date: '2026-11-24' });
    expect(result.unplaced).toEqual([]);
  });

  it('plans a cycle made by two edits at once rather than failing', () => {
    const result = planWeek({ ...base, tasks: [task('A', { openBlockerIds: ['B'] }), task('B', { openBlockerIds: ['A'] })] });
    expect(result.placements.map((placement) => placement.taskId).sort()).toEqual(['A', 'B']);
  });
});
