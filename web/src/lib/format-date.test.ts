import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes a timestamp as a long date', () => {
    expect(formatDate('2026-11-23T10:51:03.000Z', 'en-US')).toBe('November 23, 2026');
  });

  it('keeps text that is not a date', () => {
    expect(formatDate('someday', 'en-US')).toBe('someday');
  });
});
