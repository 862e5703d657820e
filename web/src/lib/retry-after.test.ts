import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageWithRetryHint, tryAgainIn } from './retry-after';

describe('tryAgainIn', () => {
  it('counts seconds, then whole minutes rounded up, then hours', () => {
    expect(tryAgainIn(1)).toBe('Try again in 1 second.');
    expect(tryAgainIn(45)).toBe('Try again in 45 seconds.');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(3599)).toBe('Try again in 60 minutes.');
    expect(tryAgainIn(5 * 3600)).toBe('Try again in 5 hours.');
  });
});

describe('messageWithRetryHint', () => {
  it("adds when to try again to a 429 that said so, and leaves every other error's message alone", () => {
    const limited = new ApiError(429, 'You can send at most 20 invitations per hour.', [], true, 600);
    expect(messageWithRetryHint(limited, 'Failed')).toBe('You can send at most 20 invitations per hour. Try again in 10 minutes.');
    expect(messageWithRetryHint(new ApiError(429, 'Slow down'), 'Failed')).toBe('Slow down');
    expect(messageWithRetryHint(new ApiError(409, 'Already a member', [], true, 600), 'Failed')).toBe('Already a member');
    expect(messageWithRetryHint(new Error('boom'), 'Failed')).toBe('Failed');
  });
});
