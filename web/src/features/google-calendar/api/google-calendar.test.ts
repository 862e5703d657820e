import { describe, expect, it } from 'vitest';
import { eventDays, eventStartTime, eventTimeLabel } from './google-calendar';

describe('eventDays', () => {
  it('lists every day of an all-day event, its end date excluded', () => {
    expect(eventDays({ allDay: true, start: '2026-11-27', end: '2026-11-30' })).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(eventDays({ allDay: true, start: '2026-11-27', end: '2026-11-28' })).toEqual(['2026-11-27']);
  });

  it('puts a timed event on the local day it starts', () => {
    const start = new Date(2026, 10, 27, 23, 30);
    expect(eventDays({ allDay: false, start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() })).toEqual(['2026-11-27']);
  });
});

describe('eventTimeLabel', () => {
  it('says All day, or the local start and end times', () => {
    expect(eventTimeLabel({ allDay: true, start: '2026-11-27', end: '2026-11-28' })).toBe('All day');
    const label = eventTimeLabel({ allDay: false, start: new Date(2026, 10, 27, 9, 0).toISOString(), end: new Date(2026, 10, 27, 10, 30).toISOString() });
    expect(label).toMatch(/9.00.*–.*10.30/);
  });
});

describe('eventStartTime', () => {
  it('is the local start time of a timed event, and empty for an all-day one', () => {
    expect(eventStartTime({ allDay: true, start: '2026-11-27' })).toBe('');
    expect(eventStartTime({ allDay: false, start: new Date(2026, 10, 27, 9, 0).toISOString() })).toMatch(/^9.00/);
  });
});
