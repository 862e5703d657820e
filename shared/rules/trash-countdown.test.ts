import { describe, expect, it } from 'vitest';
import { trashCountdown } from './trash-countdown.js';

describe('trashCountdown', () => {
  const deleted = new Date('2026-12-01T10:00:00.000Z');
  const expiresAt = new Date(deleted.getTime() + 30 * 86_400_000).toISOString();

  it('counts whole days left, 30 when just trashed', () => {
    expect(trashCountdown(expiresAt, deleted)).toBe('Deleted in 30 days');
    expect(trashCountdown(expiresAt, new Date(deleted.getTime() + 60_000))).toBe('Deleted in 29 days');
    expect(trashCountdown(expiresAt, new Date(deleted.getTime() + 28.5 * 86_400_000))).toBe('Deleted in 1 day');
  });

  it('says today for the last hours and past the time', () => {
    expect(trashCountdown(expiresAt, new Date(deleted.getTime() + 29.5 * 86_400_000))).toBe('Deleted today');
    expect(trashCountdown(expiresAt, new Date(deleted.getTime() + 31 * 86_400_000))).toBe('Deleted today');
    expect(trashCountdown('not a date', deleted)).toBe('');
  });
});
