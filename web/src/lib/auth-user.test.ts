import { describe, expect, it } from 'vitest';
import { userFromClaims } from './auth-user';

describe('userFromClaims', () => {
  it('takes the id and e-mail from the ID token and names the user after the e-mail', () => {
    expect(userFromClaims({ sub: 'u-1', email: 'jane.doe@example.com' })).toEqual({ id: 'u-1', email: 'jane.doe@example.com', name: 'jane.doe' });
  });

  it('falls back to the current user when the claims lack them', () => {
    expect(userFromClaims(undefined, { userId: 'u-2', loginId: 'sam@example.com' })).toEqual({ id: 'u-2', email: 'sam@example.com', name: 'sam' });
  });

  it("names a user without an e-mail 'User'", () => {
    expect(userFromClaims({ sub: 'u-3' })).toEqual({ id: 'u-3', email: '', name: 'User' });
  });

  it('has no user without an id', () => {
    expect(userFromClaims({ email: 'x@example.com' })).toBeNull();
  });
});
