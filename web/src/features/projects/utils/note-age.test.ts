import { describe, expect, it } from 'vitest';
import { editedWithin } from './note-age';

describe('editedWithin', () => {
  const now = new Date(2026, 10, 24, 15, 0); // 24 November 2026, 15:00 local time

  it('keeps everything for any time, and only what the period covers otherwise', () => {
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    expect(editedWithin('any', '2001-01-01T00:00:00.000Z', now)).toBe(true);
    expect(editedWithin('today', hoursAgo(14), now)).toBe(true);
    expect(editedWithin('today', hoursAgo(16), now)).toBe(false);
    expect(editedWithin('week', hoursAgo(24 * 7 - 1), now)).toBe(true);
    expect(editedWithin('week', hoursAgo(24 * 7 + 1), now)).toBe(false);
    expect(editedWithin('month', hoursAgo(24 * 29), now)).toBe(true);
    expect(editedWithin('month', hoursAgo(24 * 31), now)).toBe(false);
  });
});
