import { describe, expect, it } from 'vitest';
import { formatDate, timeAgo } from './format-date';

describe('formatDate', () => {
  it('writes a timestamp as a long date', () => {
    expect(formatDate('2026-11-23T10:51:03.000Z', 'en-US')).toBe('November 23, 2026');
  });

  it('keeps text that is not a date', () => {
    expect(formatDate('someday', 'en-US')).toBe('someday');
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
    expect(timeAgo(before(7 * 86_400_000), now, 'en-US')).toBe('November 16, 2026');
    expect(timeAgo('soon', now)).toBe('soon');
  });
});
