import { describe, expect, it } from 'vitest';
import { formatDate, timeAgo } from './format-date';

describe('formatDate', () => {
  const moment = '2026-11-23T14:05:09.000Z';

  it('writes every day the same way, in the given locale', () => {
    expect(formatDate(moment, 'date', { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 23, 2026');
    expect(formatDate(moment, 'date', { locale: 'de-DE', timeZone: 'UTC' })).toBe('23.11.2026');
    expect(formatDate(new Date(moment), undefined, { locale: 'en-GB', timeZone: 'UTC' })).toBe('23 Nov 2026');
  });

  it('reads a calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2026-01-01', 'date', { locale: 'en-US' })).toBe('Jan 1, 2026');
    expect(formatDate('2026-11-23', 'weekdayDate', { locale: 'en-US' })).toBe('Mon, Nov 23');
    expect(formatDate('2026-11-01', 'monthYear', { locale: 'en-US' })).toBe('November 2026');
  });

  it('writes times and date-times in the given zone', () => {
    expect(formatDate(moment, 'dateTime', { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 23, 2026, 2:05 PM');
    expect(formatDate(moment, 'time', { locale: 'en-US', timeZone: 'America/New_York' })).toBe('9:05 AM');
    expect(formatDate(moment, 'clock', { locale: 'en-GB', timeZone: 'UTC' })).toBe('14:05:09');
  });

  it('keeps text that is not a date', () => {
    expect(formatDate('someday', 'date', { locale: 'en-US' })).toBe('someday');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [-30_000, 'Just now'],
    [60_000, '1 minute ago'],
    [59 * 60_000 + 59_000, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [23 * 3_600_000 + 3_599_000, '23 hours ago'],
    [86_400_000, '1 day ago'],
    [6 * 86_400_000 + 86_399_000, '6 days ago'],
  ])('%i ms ago reads %s', (ms, expected) => {
    expect(timeAgo(before(ms), now, 'en-US')).toBe(expected);
  });

  it('gives the date from 7 days on, and unparsable text as is', () => {
    expect(timeAgo(before(7 * 86_400_000), now, 'en-US')).toBe('Nov 16, 2026');
    expect(timeAgo('soon', now)).toBe('soon');
  });
});
