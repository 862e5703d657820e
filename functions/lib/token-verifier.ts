import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface VerifiedToken {
  readonly sub: string;
  readonly email: string;
  readonly claims: Record<string, unknown>;
}

/**
 * Verifies a Cognito ID token: signature against the issuer's JWKS, issuer, audience (the app client id)
 * and expiry, as the HTTP API JWT authorizer does (which would also pass access tokens; the handlers then
 * refuse those, see caller.ts). Used by the WebSocket $connect handler and by the local HTTP gateway.
 */
export function createTokenVerifier(options: { issuer: string; audience: string }) {
  const keys = createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  return async function verifyToken(token: string): Promise<VerifiedToken> {
    const { payload } = await jwtVerify(token, keys, { issuer: options.issuer, audience: options.audience });
    if (payload.token_use !== 'id' || typeof payload.sub !== 'string') {
      throw new Error('Not an ID token');
    }
    return { sub: payload.sub, email: typeof payload.email === 'string' ? payload.email : '', claims: payload };
  };
}
