import { describe, expect, it } from 'vitest';
import type { VerifiedToken } from '../lib/token-verifier.js';

// The token lookup's table client reads the table's name at load, as in Lambda; these cases never reach it.
process.env.TABLE_NAME ??= 'table';
const { authorizeHeader } = await import('./http-authorizer.js');

const idToken: VerifiedToken = { sub: 'user-1', email: 'ada@example.com', claims: { sub: 'user-1', email_verified: true, exp: 2_000_000_000, token_use: 'id' } };
const verifyIdToken = async (token: string): Promise<VerifiedToken> => {
  if (token === 'good.jwt.token') return idToken;
  throw new Error('bad signature');
};

describe('authorizeHeader', () => {
  it('passes a verified Cognito ID token on as a session, with or without Bearer', async () => {
    const session = { via: 'session', userId: 'user-1', email: 'ada@example.com', emailVerified: 'true', expiresAt: '2000000000' };
    expect(await authorizeHeader('Bearer good.jwt.token', verifyIdToken)).toEqual(session);
    expect(await authorizeHeader('good.jwt.token', verifyIdToken)).toEqual(session);
  });

  it.each(['Bearer bad.jwt.token', 'Bearer', 'Basic dXNlcjpwYXNz extra'])('refuses %s without saying why', async (header) => {
    expect(await authorizeHeader(header, verifyIdToken)).toEqual({ via: 'refused' });
  });

  it.each(['Bearer tf_', 'Bearer tf_short', `Bearer tf_${'a'.repeat(44)}`, `tf_${'a'.repeat(42)}!`])(
    'refuses the malformed API token %s before any lookup (the same verdict as an unknown one)',
    async (header) => {
      expect(await authorizeHeader(header, verifyIdToken)).toEqual({ via: 'refused' });
    },
  );
});
