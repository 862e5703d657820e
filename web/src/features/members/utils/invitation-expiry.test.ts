import { describe, expect, it } from 'vitest';
import { expiryText } from './invitation-expiry';

describe('expiryText', () => {
  const sent = new Date('2026-05-01T10:00:00.000Z');
  const expiresAt = '2026-05-15T10:00:00.000Z';

  it('counts whole days left, rounding up, so a fresh invitation expires in 14 days', () => {
    expect(expiryText(expiresAt, sent)).toBe('Expires in 14 days');
    expect(expiryText(expiresAt, new Date('2026-05-13T11:00:00.000Z'))).toBe('Expires in 2 days');
    expect(expiryText(expiresAt, new Date('2026-05-14T11:00:00.000Z'))).toBe('Expires in 1 day');
  });

  it('says today for the last moments (an expired one is no longer listed)', () => {
    expect(expiryText(expiresAt, new Date('2026-05-15T10:00:00.000Z'))).toBe('Expires today');
  });
});
