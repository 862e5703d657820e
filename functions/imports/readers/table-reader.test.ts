import { describe, expect, it } from 'vitest';
import { titleKey } from './table-reader.js';

describe('titleKey', () => {
  it('holds a title named as a parent in 22 characters however long it is, and tells titles apart by every character', () => {
    const long = 'x'.repeat(100_000);
    expect(titleKey(long)).toHaveLength(22);
    expect(titleKey('Plan')).toHaveLength(22);
    expect(titleKey(long)).not.toBe(titleKey(`${long}y`));
    expect(titleKey('Plan')).not.toBe(titleKey('plan'));
    expect(titleKey('Plan')).toBe(titleKey('Plan'));
  });
});
