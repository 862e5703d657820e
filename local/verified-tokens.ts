import type { VerifiedToken } from '../functions/lib/token-verifier.js';

/** How many verified tokens the local gateway remembers (a few per signed-in browser or test user). */
const REMEMBERED_TOKENS = 1_000;

/**
 * The local gateway's token check with a memory: a token verified once is taken as verified again until it
 * expires, as a signed token cannot change. API Gateway's JWT authorizer costs the functions nothing; here
 * the check runs in the same process as the handlers, and a signature check on every request was a
 * measurable part of each local request (bench/README.md). Refusals are not remembered.
 */
export function rememberVerifiedTokens(verify: (token: string) => Promise<VerifiedToken>, now: () => number = Date.now) {
  const remembered = new Map<string, VerifiedToken>();
  return async function verifyToken(token: string): Promise<VerifiedToken> {
    const known = remembered.get(token);
    if (known && expiresAtMs(known) > now()) return known;
    remembered.delete(token);
    const verified = await verify(token);
    // Oldest first: a Map iterates in insertion order.
    if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value ?? '');
    remembered.set(token, verified);
    return verified;
  };
}

function expiresAtMs(token: VerifiedToken): number {
  return typeof token.claims.exp === 'number' ? token.claims.exp * 1000 : 0;
}
