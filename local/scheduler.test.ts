import { describe, expect, it } from 'vitest';
import { nextRun } from './scheduler.js';

describe('nextRun', () => {
  const weekly = { minute: '0', hour: '6', weekDay: 'MON' };

  it('finds the next Monday 06:00 UTC', () => {
    expect(nextRun(weekly, new Date('2026-11-23T07:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextRun(weekly, new Date('2026-11-21T12:34:56Z')).toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });

  it('never returns the current minute again', () => {
    expect(nextRun(weekly, new Date('2026-11-23T06:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
  });

  it('handles lists and wildcards', () => {
    expect(nextRun({ minute: '15,45', hour: '*', weekDay: '*' }, new Date('2026-11-23T10:20:00Z')).toISOString()).toBe(
      '2026-11-23T10:45:00.000Z',
    );
  });
});
