import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskRepeat, TaskView } from '../schemas/project.js';
import { aTask } from '../testing/project-views.js';
import { addDays, daysBetween } from './calendar-date.js';
import {
  addBusyMinutes,
  comingBusyMinutes,
  comingDueDates,
  completionDay,
  describeRepeat,
  nextDueDate,
  nextOccurrenceOf,
  occurrenceHome,
  repeatRuleProblem,
  seriesRule,
  subtasksCarried,
  withSeries,
} from './repeat.js';
import { choiceOf, ruleFor, type RepeatChoice } from './repeat-choices.js';
import ICAL from 'ical.js';

const fromDue = (rule: string): TaskRepeat => ({ rule, from: 'due', timeZone: 'UTC' });
const fromCompletion = (rule: string): TaskRepeat => ({ rule, from: 'completion', timeZone: 'UTC' });

describe('the RRULE of each choice the dialog offers', () => {
  it.each<[RepeatChoice, string]>([
    [{ kind: 'daily' }, 'FREQ=DAILY'],
    [{ kind: 'weekdays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    [{ kind: 'weekly', days: ['friday', 'monday'] }, 'FREQ=WEEKLY;BYDAY=MO,FR'],
    [{ kind: 'every', interval: 3, unit: 'day' }, 'FREQ=DAILY;INTERVAL=3'],
    [{ kind: 'every', interval: 2, unit: 'week' }, 'FREQ=WEEKLY;INTERVAL=2'],
    [{ kind: 'every', interval: 1, unit: 'month' }, 'FREQ=MONTHLY'],
    [{ kind: 'monthlyOnDay', day: 15 }, 'FREQ=MONTHLY;BYMONTHDAY=15'],
    [{ kind: 'monthlyOnDay', day: 31 }, 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1'],
    [{ kind: 'monthlyOnWeekday', nth: -1, day: 'friday' }, 'FREQ=MONTHLY;BYDAY=-1FR'],
    [{ kind: 'yearly' }, 'FREQ=YEARLY'],
  ])('%j is %s, a valid rule that reads back as the same choice', (choice, rule) => {
    expect(ruleFor(choice)).toBe(rule);
    expect(repeatRuleProblem(rule)).toBeUndefined();
    expect(choiceOf(rule)).toEqual(choice.kind === 'weekly' ? { ...choice, days: ['monday', 'friday'] } : choice);
  });

  it('says the rule in words', () => {
    expect(describeRepeat(fromDue('FREQ=MONTHLY;BYDAY=-1FR'))).toBe('every month on the last Friday');
    expect(describeRepeat(fromCompletion('FREQ=WEEKLY;INTERVAL=2'))).toBe('every 2 weeks (from completion)');
    expect(describeRepeat(fromDue('FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1'))).toBe("every month on day 31 (or the month's last day)");
    expect(describeRepeat(fromDue('FREQ=WEEKLY;BYDAY=MO,FR'))).toBe('every week on Monday, Friday');
    // A rule the dialog does not offer, in rrule's words.
    expect(describeRepeat(fromDue('FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU'))).toBe('every 2 months on the 2nd Tuesday');
  });
});

describe('rules a task may not repeat by', () => {
  it.each([
    ['not an RRULE', 'every monday'],
    ['an unknown part', 'FREQ=DAILY;COLOR=RED'],
    ['no frequency', 'INTERVAL=2'],
    ['hourly', 'FREQ=HOURLY'],
    ['a zero interval', 'FREQ=DAILY;INTERVAL=0'],
    ['a count (each occurrence starts the rule again: stop repeating instead)', 'FREQ=DAILY;COUNT=3'],
    ['a non-numeric interval', 'FREQ=DAILY;INTERVAL=abc'],
    ['a start of its own', 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY'],
    ['a day that never comes', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'],
  ])('refuses %s', (_, rule) => expect(repeatRuleProblem(rule)).toEqual(expect.stringMatching(/^Repeat /)));
});

describe('the next due date', () => {
  it('counts from the due date, even when completed later', () => {
    expect(nextDueDate(fromDue('FREQ=WEEKLY;BYDAY=MO'), { dueDate: '2026-12-07' }, '2026-12-09')).toBe('2026-12-14');
    expect(nextDueDate(fromDue('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'), { dueDate: '2026-12-11' }, '2026-12-11')).toBe('2026-12-14');
  });

  it('counts from the completion day in completion mode, and without a due date', () => {
    expect(nextDueDate(fromCompletion('FREQ=WEEKLY;INTERVAL=2'), { dueDate: '2026-12-01' }, '2026-12-09')).toBe('2026-12-23');
    expect(nextDueDate(fromDue('FREQ=DAILY;INTERVAL=3'), { dueDate: null }, '2026-12-09')).toBe('2026-12-12');
  });

  it('takes the completion day in the repeat time zone', () => {
    expect(completionDay('2026-12-09T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-12-10');
    expect(completionDay('2026-12-09T23:30:00.000Z', 'America/New_York')).toBe('2026-12-09');
  });

  it('keeps a task due on the 31st to the last day of shorter months, and back to the 31st', () => {
    const monthly = fromDue(ruleFor({ kind: 'monthlyOnDay', day: 31 }));
    expect(nextDueDate(monthly, { dueDate: '2027-01-31' }, '2027-01-31')).toBe('2027-02-28');
    expect(nextDueDate(monthly, { dueDate: '2027-02-28' }, '2027-02-28')).toBe('2027-03-31');
    expect(nextDueDate(monthly, { dueDate: '2027-03-31' }, '2027-03-31')).toBe('2027-04-30');
    expect(nextDueDate(monthly, { dueDate: '2028-01-31' }, '2028-01-31')).toBe('2028-02-29');
  });

  it('keeps a bare monthly series from the 31st to the 31st after a short month, occurrence after occurrence', () => {
    expect(comingDueDates(fromDue('FREQ=MONTHLY'), '2027-01-31', '2027-01-01', '2027-05-31')).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(comingDueDates(fromDue('FREQ=YEARLY'), '2028-02-29', '2028-01-01', '2032-12-31')).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    // Completed on its due date, each occurrence makes the next with the repeat it carries.
    const completed = (task: TaskView): TaskView => {
      const dueDate = task.repeat && task.dueDate ? nextDueDate(task.repeat, task, task.dueDate) : undefined;
      if (!dueDate) throw new Error(`${task.id} has no next occurrence`);
      return nextOccurrenceOf({ ...task, completed: true }, { id: `${task.id}+`, dueDate, position: 1, createdBy: 'u1', now: '2027-01-31T10:00:00.000Z' });
    };
    const february = completed(aTask({ id: 'rent', dueDate: '2027-01-31', repeat: fromDue('FREQ=MONTHLY') }));
    const march = completed(february);
    expect([february.dueDate, march.dueDate, completed(march).dueDate]).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('ends a month series started on the 31st at month ends, and a yearly one on 29 February on the 28th', () => {
    expect(nextDueDate(fromCompletion('FREQ=MONTHLY'), { dueDate: null }, '2027-01-31')).toBe('2027-02-28');
    expect(nextDueDate(fromCompletion('FREQ=YEARLY'), { dueDate: null }, '2028-02-29')).toBe('2029-02-28');
  });

  it('finds the last Friday of the month', () => {
    expect(nextDueDate(fromDue('FREQ=MONTHLY;BYDAY=-1FR'), { dueDate: '2026-12-25' }, '2026-12-25')).toBe('2027-01-29');
  });

  it('has none once the rule has ended', () => {
    expect(nextDueDate(fromDue('FREQ=DAILY;UNTIL=20261208'), { dueDate: '2026-12-08' }, '2026-12-08')).toBeUndefined();
  });

  it('is always after the day it counts from, within one interval (property)', () => {
    const day = fc.integer({ min: 0, max: 365 * 30 }).map((offset) => addDays('2000-01-01', offset));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 12 }), fc.constantFrom('day', 'week', 'month'), (dueDate, interval, unit) => {
        const next = nextDueDate(fromDue(ruleFor({ kind: 'every', interval, unit })), { dueDate }, dueDate);
        const gap = daysBetween(dueDate, next ?? dueDate);
        const longest = { day: interval, week: 7 * interval, month: 31 * interval }[unit];
        expect(gap).toBeGreaterThan(0);
        expect(gap).toBeLessThanOrEqual(longest);
      }),
    );
  });

  it('lands on a chosen day of the month, or the month end when it is shorter (property)', () => {
    const day = fc.integer({ min: 0, max: 365 * 30 }).map((offset) => addDays('2000-01-01', offset));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 31 }), (dueDate, monthDay) => {
        const next = nextDueDate(fromDue(ruleFor({ kind: 'monthlyOnDay', day: monthDay })), { dueDate }, dueDate) as string;
        expect(Number(next.slice(8))).toBe(Math.min(monthDay, lastDay(next)));
        expect(next > dueDate).toBe(true);
      }),
    );
  });
});

function lastDay(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

describe('the coming occurrences in a range', () => {
  it('lists the days after the due date within the range, none stored', () => {
    expect(comingDueDates(fromDue('FREQ=WEEKLY;BYDAY=MO'), '2026-12-07', '2026-12-01', '2026-12-31')).toEqual(['2026-12-14', '2026-12-21', '2026-12-28']);
    expect(comingDueDates(fromDue('FREQ=DAILY'), '2026-12-07', '2026-12-10', '2026-12-12')).toEqual(['2026-12-10', '2026-12-11', '2026-12-12']);
    expect(comingDueDates(fromDue('FREQ=DAILY;UNTIL=20261209'), '2026-12-07', '2026-12-01', '2026-12-31')).toEqual(['2026-12-08', '2026-12-09']);
  });
});

describe("the series as a calendar feed's RRULE", () => {
  /** The first `count` days after `dueDate` as an independent iCalendar library expands the rule. */
  function expandedByIcalJs(rule: string, dueDate: string, count: number): string[] {
    const iterator = ICAL.Recur.fromString(rule).iterator(ICAL.Time.fromDateString(dueDate));
    const days: string[] = [];
    for (let next = iterator.next(); next && days.length <= count; next = iterator.next()) days.push(next.toString());
    return days.filter((day) => day !== dueDate).slice(0, count);
  }

  it('lands on the days the next due dates do wherever it is given, by an independent reading of the rule', () => {
    const rules = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'FREQ=MONTHLY', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=YEARLY', 'FREQ=MONTHLY;INTERVAL=3', ruleFor({ kind: 'monthlyOnDay', day: 31 })];
    let given = 0;
    for (const rule of rules) {
      for (const dueDate of ['2026-01-31', '2026-12-07', '2028-02-29', '2026-08-30', '2026-03-15']) {
        const series = seriesRule(fromDue(rule), dueDate);
        if (series === undefined) continue;
        given += 1;
        expect(expandedByIcalJs(series, dueDate, 12), `${rule} from ${dueDate}`).toEqual(comingDueDates(fromDue(rule), dueDate, dueDate, '2099-12-31', 12));
      }
    }
    expect(given).toBeGreaterThan(30);
  });

  it('names the day of a bare monthly or yearly rule from past the 28th, and gives none for a task that repeats from completion', () => {
    expect(seriesRule(fromDue('FREQ=WEEKLY;BYDAY=MO'), '2026-12-07')).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(seriesRule(fromDue('FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1'), '2026-01-31')).toBe('FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1');
    expect(seriesRule(fromDue('FREQ=MONTHLY'), '2026-01-31')).toBe('FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1');
    expect(seriesRule(fromDue('FREQ=YEARLY'), '2028-02-29')).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29,-1;BYSETPOS=1');
    expect(seriesRule(fromDue('FREQ=MONTHLY'), '2026-01-28')).toBe('FREQ=MONTHLY');
    expect(seriesRule(fromDue('FREQ=MONTHLY'), '2026-04-30')).toBeUndefined();
    expect(seriesRule(fromCompletion('FREQ=WEEKLY'), '2026-12-07')).toBeUndefined();
  });
});

describe('the next occurrence of a completed task', () => {
  it('carries title, description, assignee, priority, estimate and the repeat; starts open; leaves pin and blockers behind', () => {
    const repeat = fromDue('FREQ=DAILY');
    const done = aTask({
      id: 'done',
      title: 'Report',
      description: 'Numbers',
      assignedTo: 'u2',
      priority: 'high',
      timeEstimate: 45,
      repeat,
      labelIds: ['bug', 'docs'],
      status: 'completed',
      completed: true,
      completedAt: '2026-12-07T10:00:00.000Z',
      pinned: true,
      blockedBy: [{ projectId: 'p1', taskId: 't9' }],
      version: 4,
    });
    const next = nextOccurrenceOf(done, { id: 'next', dueDate: '2026-12-08', position: 7, createdBy: 'u1', now: '2026-12-07T10:00:00.000Z' });
    expect(next).toEqual({
      ...aTask({ id: 'next', title: 'Report', description: 'Numbers', assignedTo: 'u2', priority: 'high', timeEstimate: 45, repeat, labelIds: ['bug', 'docs'] }),
      dueDate: '2026-12-08',
      position: 7,
      createdBy: 'u1',
      createdAt: '2026-12-07T10:00:00.000Z',
      updatedAt: '2026-12-07T10:00:00.000Z',
      version: 1,
    });
  });
});

describe('what coming occurrences take of the weekly plan’s week', () => {
  it('counts each coming occurrence’s estimate (60 min without one) on its day for its assignee, and adds to the calendar’s busy time', () => {
    const daily = aTask({ id: 'a', assignedTo: 'ana', dueDate: '2026-12-07', timeEstimate: 30, repeat: fromDue('FREQ=DAILY') });
    const weekly = aTask({ id: 'b', assignedTo: 'ana', dueDate: '2026-12-01', timeEstimate: null, repeat: fromDue('FREQ=WEEKLY;BYDAY=TU') });
    const unassigned = aTask({ id: 'c', assignedTo: null, dueDate: '2026-12-07', repeat: fromDue('FREQ=DAILY') });
    const once = aTask({ id: 'd', assignedTo: 'sam', dueDate: '2026-12-07' });
    const busy = comingBusyMinutes([daily, weekly, unassigned, once], '2026-12-07', '2026-12-09');
    expect(busy).toEqual({ ana: { '2026-12-08': 30 + 60, '2026-12-09': 30 } });
    expect(addBusyMinutes(busy, { ana: { '2026-12-09': 45 }, sam: { '2026-12-07': 15 } })).toEqual({
      ana: { '2026-12-08': 90, '2026-12-09': 75 },
      sam: { '2026-12-07': 15 },
    });
  });
});

describe('"this one only" and "this and the following" edits', () => {
  const repeat = fromDue('FREQ=DAILY');
  const task = aTask({ title: 'Report', priority: 'medium', repeat });

  it('keeps the series as it was for a change of this occurrence only, and the next occurrence takes it', () => {
    const edited = withSeries(task, { ...task, title: 'Report (short week)', priority: 'high' }, true);
    expect(edited).toMatchObject({ title: 'Report (short week)', priority: 'high', series: { title: 'Report', priority: 'medium' } });
    const next = nextOccurrenceOf(edited, { id: 'next', dueDate: '2026-12-08', position: 1, createdBy: 'u1', now: '2026-12-07T10:00:00.000Z' });
    expect(next).toMatchObject({ title: 'Report', priority: 'medium' });
    expect(next).not.toHaveProperty('series');
  });

  it('changes the series too for this and the following, keeping an earlier change of this one only its own', () => {
    const once = withSeries(task, { ...task, title: 'Report (short week)' }, true);
    const following = withSeries(once, { ...once, priority: 'low' }, false);
    expect(following.series).toMatchObject({ title: 'Report', priority: 'low' });
    // Without an earlier "this one only", the task itself is the series.
    expect(withSeries(task, { ...task, priority: 'low' }, false)).not.toHaveProperty('series');
    // A task that stops repeating has no series.
    const { repeat: _stopped, ...stopped } = once;
    expect(withSeries(once, stopped, false)).not.toHaveProperty('series');
  });

  it('keeps the labels of the series for this one only, and a task with none gives the next one none', () => {
    const labelled = { ...task, labelIds: ['bug'] };
    const edited = withSeries(labelled, { ...labelled, labelIds: ['bug', 'urgent'] }, true);
    expect(edited.series?.labelIds).toEqual(['bug']);
    const made = { id: 'next', dueDate: '2026-12-08', position: 1, createdBy: 'u1', now: '2026-12-07T10:00:00.000Z' };
    expect(nextOccurrenceOf(edited, made).labelIds).toEqual(['bug']);
    // The same labels in a new list are no change to the series.
    expect(withSeries(edited, { ...edited, title: 'Report', labelIds: ['bug', 'urgent'] }, false).series?.labelIds).toEqual(['bug']);
    expect(nextOccurrenceOf(task, made)).not.toHaveProperty('labelIds');
  });
});

describe('where a next occurrence goes', () => {
  const parent = { id: 'parent' };
  const subtask = { id: 'sub', parentId: 'parent' };

  it('on the board for a task of its own', () => {
    expect(occurrenceHome(parent, parent, new Map([['parent', 'parent-next']]))).toBeUndefined();
  });

  it('under the existing parent for a sub-task completed on its own (checked by the write)', () => {
    expect(occurrenceHome(subtask, subtask, new Map([['sub', 'sub-next']]))).toEqual({ parentId: 'parent', existing: true });
  });

  it("under the parent's next occurrence for a sub-task completed with a repeating parent, else on the board", () => {
    expect(occurrenceHome(subtask, parent, new Map([['parent', 'parent-next'], ['sub', 'sub-next']]))).toEqual({ parentId: 'parent-next', existing: false });
    expect(occurrenceHome(subtask, parent, new Map([['sub', 'sub-next']]))).toBeUndefined();
  });
});

describe('the sub-tasks the next occurrence holds', () => {
  it('are open copies in the same order, dated as far after the new parent as they were after the old', () => {
    const done = aTask({ id: 'p1', dueDate: '2026-12-07', completed: true, status: 'completed', repeat: fromDue('FREQ=WEEKLY') });
    const successor = aTask({ id: 'p2', dueDate: '2026-12-14', repeat: fromDue('FREQ=WEEKLY') });
    const subtasks = [
      aTask({ id: 's1', title: 'Draft', parentId: 'p1', dueDate: '2026-12-05', completed: true, status: 'completed', position: 1, labelIds: ['bug'], version: 3 }),
      aTask({ id: 's2', title: 'Review', parentId: 'p1', dueDate: null, assignedTo: 'ana', position: 2 }),
    ];
    const copies = subtasksCarried(done, successor, subtasks, { idOf: (id) => `copy-${id}`, createdBy: 'u1', now: '2026-12-07T10:00:00.000Z' });
    expect(copies.map((copy) => [copy.id, copy.parentId, copy.title, copy.dueDate, copy.completed, copy.status, copy.version, copy.position])).toEqual([
      ['copy-s1', 'p2', 'Draft', '2026-12-12', false, 'todo', 1, 1],
      ['copy-s2', 'p2', 'Review', null, false, 'todo', 1, 2],
    ]);
    expect(copies[0]?.labelIds).toEqual(['bug']);
    expect(copies[1]).not.toHaveProperty('labelIds');
    expect(copies[1]?.assignedTo).toBe('ana');
  });
});
