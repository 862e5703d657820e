import { describe, expect, it } from 'vitest';
import { addDays, calendarDateAtNoon, calendarDateIn, daysBetween, timeOfDay, toCalendarDate, todayIn, zonedInstant } from './calendar-date.js';

describe('daysBetween', () => {
  it.each([
    ['2026-11-23', '2026-11-23', 0],
    ['2026-11-23', '2026-11-30', 7],
    ['2026-11-23', '2026-11-22', -1],
    ['2026-12-31', '2027-01-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    // Across a daylight-saving change in most zones: still whole days.
    ['2026-03-28', '2026-03-30', 2],
  ])('%s → %s = %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => daysBetween('2026-11-23', '23/11/2026')).toThrow(RangeError);
  });
});

describe('toCalendarDate', () => {
  it('is the local day, zero-padded', () => {
    expect(toCalendarDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(toCalendarDate(new Date(2026, 10, 23, 0, 0))).toBe('2026-11-23');
  });
});

describe('calendarDateAtNoon', () => {
  it('is 12:00 local time on that day and round-trips', () => {
    const noon = calendarDateAtNoon('2026-11-23');
    expect(noon.getHours()).toBe(12);
    expect(toCalendarDate(noon)).toBe('2026-11-23');
  });
});

describe('calendarDateIn and addDays', () => {
  it('tells the day in a time zone, not the server’s', () => {
    const moment = new Date('2026-11-23T23:30:00.000Z');
    expect(calendarDateIn(moment, 'UTC')).toBe('2026-11-23');
    expect(calendarDateIn(moment, 'Asia/Tokyo')).toBe('2026-11-24');
    expect(calendarDateIn(moment, 'America/Los_Angeles')).toBe('2026-11-23');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('todayIn', () => {
  const moment = new Date('2026-11-23T02:00:00Z');
  it('is the day of the time zone, UTC without one or with one Intl does not know', () => {
    expect(todayIn('America/New_York', moment)).toBe('2026-11-22');
    expect(todayIn(undefined, moment)).toBe('2026-11-23');
    expect(todayIn('Mars/Olympus', moment)).toBe('2026-11-23');
  });
});

describe('timeOfDay', () => {
  it('writes minutes after midnight as HH:MM', () => {
    expect([0, 570, 1439, 1440].map(timeOfDay)).toEqual(['00:00', '09:30', '23:59', '24:00']);
  });
});

describe('zonedInstant', () => {
  it('reads a wall-clock time in the given zone', () => {
    expect(zonedInstant('2026-01-15', '09:00', 'UTC').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(zonedInstant('2026-01-15', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedInstant('2026-07-15', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(zonedInstant('2026-07-15', '23:30', 'America/Los_Angeles').toISOString()).toBe('2026-07-16T06:30:00.000Z');
    expect(zonedInstant('2026-03-10', '09:00', 'Asia/Kolkata').toISOString()).toBe('2026-03-10T03:30:00.000Z');
  });

  it('stays right on the days clocks change', () => {
    // Berlin: 2026-03-29 02:00 jumps to 03:00; 2026-10-25 03:00 falls back to 02:00.
    expect(zonedInstant('2026-03-29', '12:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(zonedInstant('2026-10-25', '12:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('moves a time the change skips on to as far after the jump, east and west of UTC alike', () => {
    // 02:30 does not exist on these days: it is 03:30 summer time in both zones.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // The times either side of the jump are themselves.
    expect(zonedInstant('2026-03-08', '01:59', 'America/New_York').toISOString()).toBe('2026-03-08T06:59:00.000Z');
    expect(zonedInstant('2026-03-08', '03:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});
