import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_TIME } from '../schemas/profile.js';
import { workingMinutesOn } from './working-time.js';

describe('workingMinutesOn', () => {
  it('gives the hours of a working day, none on other days', () => {
    // 2026-11-23 is a Monday, 2026-11-28 a Saturday.
    expect(workingMinutesOn(DEFAULT_WORKING_TIME, '2026-11-23')).toBe(480);
    expect(workingMinutesOn(DEFAULT_WORKING_TIME, '2026-11-28')).toBe(0);
    expect(workingMinutesOn({ ...DEFAULT_WORKING_TIME, hoursPerDay: 6.5 }, '2026-11-24')).toBe(390);
  });

  it('gives none within a day off, both ends included', () => {
    const time = { ...DEFAULT_WORKING_TIME, daysOff: [{ from: '2026-11-24', to: '2026-11-26' }] };
    expect(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date) => workingMinutesOn(time, date))).toEqual([480, 0, 0, 0, 480]);
  });
});
