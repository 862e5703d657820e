import { describe, expect, it } from 'vitest';
import { formatClockTime, parseTimezoneConfig, zoneCity } from './clock';

describe('zoneCity', () => {
  it.each([
    ['America/New_York', 'New York'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['UTC', 'UTC'],
    ['Europe/Berlin', 'Berlin'],
  ])('%j → %j', (zone, city) => {
    expect(zoneCity(zone)).toBe(city);
  });
});

describe('formatClockTime', () => {
  it('shows the time in the given zone', () => {
    const instant = new Date('2025-01-15T12:34:56Z');
    expect(formatClockTime(instant, 'America/New_York', 'en-GB')).toBe('07:34:56');
    expect(formatClockTime(instant, 'Asia/Tokyo', 'en-GB')).toBe('21:34:56');
  });
});

describe('parseTimezoneConfig', () => {
  it('defaults to the browser zone and New York', () => {
    expect(parseTimezoneConfig(null, 'Europe/Berlin')).toEqual({ primary: 'Europe/Berlin', secondary: 'America/New_York' });
  });

  it('restores stored zones', () => {
    expect(parseTimezoneConfig('{"primary":"Asia/Tokyo","secondary":"UTC"}', 'Europe/Berlin')).toEqual({ primary: 'Asia/Tokyo', secondary: 'UTC' });
    // As the profile keeps it: no primary means the browser's zone.
    expect(parseTimezoneConfig('{"primary":null,"secondary":"UTC"}', 'Europe/Berlin')).toEqual({ primary: 'Europe/Berlin', secondary: 'UTC' });
  });

  it('ignores malformed values and unknown zones', () => {
    expect(parseTimezoneConfig('not json', 'UTC')).toEqual({ primary: 'UTC', secondary: 'America/New_York' });
    expect(parseTimezoneConfig('{"primary":"Nowhere/Land","secondary":7}', 'UTC')).toEqual({ primary: 'UTC', secondary: 'America/New_York' });
  });
});
