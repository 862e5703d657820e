import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './time-zones.js';

describe('isValidTimeZone', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
