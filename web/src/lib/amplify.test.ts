import { describe, expect, it } from 'vitest';
import { freshStoredIdToken } from './amplify';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
const now = Date.UTC(2026, 10, 23, 12);
const prefix = 'CognitoIdentityServiceProvider.client1.';

function storage(entries: Record<string, string>) {
  return (key: string) => entries[key] ?? null;
}

describe('freshStoredIdToken', () => {
  const idToken = token({ sub: 'u1', email: 'ada@example.com', exp: now / 1000 + 3600 });

  it('reads the last user’s ID token and its claims', () => {
    const read = storage({ [`${prefix}LastAuthUser`]: 'u1', [`${prefix}u1.idToken`]: idToken });
    expect(freshStoredIdToken(read, 'client1', now)).toEqual({ token: idToken, claims: { sub: 'u1', email: 'ada@example.com', exp: now / 1000 + 3600 } });
  });

  it('leaves a token that expires within a minute to Amplify', () => {
    const soon = token({ sub: 'u1', exp: now / 1000 + 30 });
    expect(freshStoredIdToken(storage({ [`${prefix}LastAuthUser`]: 'u1', [`${prefix}u1.idToken`]: soon }), 'client1', now)).toBeNull();
  });

  it('finds nothing for another app client, without a user, or in a token it cannot read', () => {
    const read = storage({ [`${prefix}LastAuthUser`]: 'u1', [`${prefix}u1.idToken`]: idToken });
    expect(freshStoredIdToken(read, 'client2', now)).toBeNull();
    expect(freshStoredIdToken(storage({ [`${prefix}u1.idToken`]: idToken }), 'client1', now)).toBeNull();
    expect(freshStoredIdToken(storage({ [`${prefix}LastAuthUser`]: 'u1', [`${prefix}u1.idToken`]: 'not.a-token' }), 'client1', now)).toBeNull();
  });
});
