import { describe, expect, it } from 'vitest';
import { morningIn } from './local-morning.js';

describe("a user's 07:00", () => {
  it('is the UTC hour that is 07:00 in their zone, on their date', () => {
    expect(morningIn(new Date('2031-03-04T07:00:00Z'), 'UTC')).toEqual({ date: '2031-03-04', monday: false });
    expect(morningIn(new Date('2031-03-04T06:00:00Z'), 'UTC')).toBeUndefined();
    // Kolkata is UTC+5:30: its 07:00 hour starts at 01:30 UTC, so the 02:00 UTC run finds it.
    expect(morningIn(new Date('2031-03-04T02:00:00Z'), 'Asia/Kolkata')).toEqual({ date: '2031-03-04', monday: false });
    // Tokyo's Monday morning is Sunday evening in UTC.
    expect(morningIn(new Date('2031-03-02T22:00:00Z'), 'Asia/Tokyo')).toEqual({ date: '2031-03-03', monday: true });
    // Los Angeles' Monday 07:00 (UTC−8 in winter) is 15:00 UTC the same day.
    expect(morningIn(new Date('2031-03-03T15:00:00Z'), 'America/Los_Angeles')).toEqual({ date: '2031-03-03', monday: true });
  });

  it('follows the clock change: New York before, on and after the day summer time starts', () => {
    // Summer time starts on Sunday 9 March 2031 at 02:00: 07:00 is 12:00 UTC the day before, 11:00 UTC from then.
    expect(morningIn(new Date('2031-03-08T12:00:00Z'), 'America/New_York')).toEqual({ date: '2031-03-08', monday: false });
    expect(morningIn(new Date('2031-03-09T12:00:00Z'), 'America/New_York')).toBeUndefined();
    expect(morningIn(new Date('2031-03-09T11:00:00Z'), 'America/New_York')).toEqual({ date: '2031-03-09', monday: false });
    expect(morningIn(new Date('2031-03-10T11:00:00Z'), 'America/New_York')).toEqual({ date: '2031-03-10', monday: true });
    // Berlin's autumn change (26 October 2031): 07:00 is 05:00 UTC in summer, 06:00 UTC from that day on; once each day.
    const runs = (day: string) => Array.from({ length: 24 }, (_, hour) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`));
    for (const day of ['2031-10-25', '2031-10-26', '2031-10-27']) {
      expect(runs(day).filter((run) => morningIn(run, 'Europe/Berlin')).map((run) => run.getUTCHours()), day).toEqual([day === '2031-10-25' ? 5 : 6]);
    }
  });

  it('reads a zone it does not know as UTC', () => {
    expect(morningIn(new Date('2031-03-04T07:00:00Z'), 'Mars/Olympus')).toEqual({ date: '2031-03-04', monday: false });
  });
});
