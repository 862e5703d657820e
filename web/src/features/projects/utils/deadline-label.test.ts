import { describe, expect, it } from 'vitest';
import { deadlineLabel, formatCalendarDate } from './deadline-label';

describe('formatCalendarDate', () => {
  it('formats the calendar day itself, whatever the time zone', () => {
    expect(formatCalendarDate('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
  });
});

describe('deadlineLabel', () => {
  const today = '2026-11-23';
  it.each([
    [null, 'none', 'No deadline'],
    ['2026-11-20', 'overdue', 'Overdue: Nov 20, 2026'],
    ['2026-11-23', 'soon', 'Due soon: Nov 23, 2026'],
    ['2026-11-30', 'soon', 'Due soon: Nov 30, 2026'],
    ['2026-12-01', 'later', 'Due Dec 1, 2026'],
  ])('%j → %s %j', (deadline, tone, text) => {
    expect(deadlineLabel(deadline, today, 'en-US')).toEqual({ tone, text });
  });
});
