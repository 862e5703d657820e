import { describe, expect, it } from 'vitest';
import { instantAt, recommendationFor, suitabilityAt, zonesAt } from './planner';

const at = (date: string, minutes: number, home: string) => Object.fromEntries(zonesAt(date, minutes, home).map((zone) => [zone.entry.city, zone]));

describe('the time-zone planner', () => {
  it('finds the instant a zone’s clock shows, across a daylight-saving change', () => {
    // New York moved from EDT (UTC−4) to EST (UTC−5) on 1 November 2026.
    expect(instantAt('2026-10-31', 9 * 60, 'America/New_York').toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(instantAt('2026-11-02', 9 * 60, 'America/New_York').toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // Berlin springs forward on 29 March 2026: 03:30 CEST is 01:30 UTC, and the skipped 02:30 is taken as 03:30.
    expect(instantAt('2026-03-29', 3 * 60 + 30, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantAt('2026-03-29', 2 * 60 + 30, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // So in zones west of UTC too: New York's skipped 02:30 on 8 March 2026 is 03:30 EDT, 07:30 UTC.
    expect(instantAt('2026-03-08', 2 * 60 + 30, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 24:00 is the next midnight.
    expect(instantAt('2026-11-23', 24 * 60, 'Europe/Berlin').toISOString()).toBe('2026-11-23T23:00:00.000Z');
  });

  it('shows each zone’s local time, its day and Good (09:00–17:00), else Early, Late or Night', () => {
    const zones = at('2026-11-23', 14 * 60, 'Europe/Berlin'); // 14:00 in Berlin = 13:00 UTC
    expect([zones.Berlin?.time, zones.Berlin?.suitability]).toEqual(['14:00', 'Good']);
    expect([zones['New York']?.time, zones['New York']?.suitability]).toEqual(['08:00', 'Early']);
    expect([zones.Tokyo?.time, zones.Tokyo?.dayOffset, zones.Tokyo?.suitability]).toEqual(['22:00', 0, 'Late']);
    expect([zones.Sydney?.time, zones.Sydney?.dayOffset]).toEqual(['00:00', 1]);
    expect(zones.Kolkata?.time).toBe('18:30');
  });

  it.each([
    [8 * 60 + 30, 'Early'],
    [9 * 60, 'Good'],
    [17 * 60, 'Good'],
    [17 * 60 + 30, 'Late'],
    [22 * 60 + 30, 'Late'],
    [23 * 60, 'Night'],
    [2 * 60, 'Night'],
    [5 * 60, 'Early'],
  ] as const)('calls %i minutes after midnight %s', (minutes, word) => {
    expect(suitabilityAt(minutes)).toBe(word);
  });

  it('reads the slider’s end, 24:00, as the next midnight', () => {
    const zones = at('2026-11-23', 24 * 60, 'Europe/Berlin'); // 24:00 in Berlin = 23:00 UTC
    expect([zones.Berlin?.time, zones.Berlin?.dayOffset]).toEqual(['00:00', 1]);
    expect([zones.UTC?.time, zones.UTC?.dayOffset]).toEqual(['23:00', 0]);
    expect(zones.Kolkata?.time).toBe('04:30');
  });

  it('moves with daylight saving: the same Berlin hour is another New York hour in summer', () => {
    expect(at('2026-07-01', 15 * 60, 'Europe/Berlin')['New York']?.time).toBe('09:00');
    expect(at('2026-12-01', 15 * 60, 'Europe/Berlin')['New York']?.time).toBe('09:00');
    // Between the two changes (Europe 25 October, the US 1 November) the gap is 5 hours, not 6.
    expect(at('2026-10-28', 15 * 60, 'Europe/Berlin')['New York']?.time).toBe('10:00');
  });

  it.each([
    [12, 'great'],
    [6, 'great'],
    [5, 'decent'],
    [3, 'decent'],
    [2, 'poor'],
    [0, 'poor'],
  ] as const)('recommends %i Good zones as %s', (good, expected) => {
    expect(recommendationFor(good)).toBe(expected);
  });
});
