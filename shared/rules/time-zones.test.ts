import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isValidTimeZone } from './time-zones.js';

describe('isValidTimeZone', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('canonicalTimeZone', () => {
  it('names a zone as IANA does, whatever its case or old alias', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});
