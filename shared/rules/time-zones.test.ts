import { describe, expect, it } from 'vitest';
import { timeZoneCased, isValidTimeZone } from './time-zones.js';

describe('isValidTimeZone', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('timeZoneCased', () => {
  it("gives a zone IANA's letter case, and keeps any other valid spelling as written", () => {
    expect(timeZoneCased('europe/berlin')).toBe('Europe/Berlin');
    expect(timeZoneCased('utc')).toBe('UTC');
    expect(timeZoneCased('Asia/Tokyo')).toBe('Asia/Tokyo');
    // The runtime's own names for these are the older 'America/New_York', 'Europe/Kiev' and 'Asia/Calcutta'.
    expect(timeZoneCased('US/Eastern')).toBe('US/Eastern');
    expect(timeZoneCased('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(timeZoneCased('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});
