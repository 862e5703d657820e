import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { callerFromApiToken, isApiTokenBearer } from '../domain/api-token-access.js';
import type { AuthorizerContext } from '../lib/caller.js';
import { requiredEnv } from '../lib/config.js';
import { createTokenVerifier, type VerifiedToken } from '../lib/token-verifier.js';

/**
 * What an Authorization header stands for: a personal API token (`tf_…`, looked up by its hash), a Cognito ID
 * token (signature, issuer, audience, expiry; the header's token with or without `Bearer`, as the JWT
 * authorizer took it), or nothing (`refused`). The HTTP API's Lambda authorizer and the local gateway both
 * decide with this.
 */
export async function authorizeHeader(authorization: string, verifyIdToken: (token: string) => Promise<VerifiedToken>): Promise<AuthorizerContext> {
  if (isApiTokenBearer(authorization)) {
    const caller = await callerFromApiToken(authorization);
    return caller ? { via: 'token', userId: caller.userId, tokenId: caller.tokenId } : REFUSED;
  }
  const token = /^(?:Bearer )?(\S+)$/i.exec(authorization)?.[1];
  const verified = token ? await verifyIdToken(token).catch(() => undefined) : undefined;
  if (!verified) return REFUSED;
  return {
    via: 'session',
    userId: verified.sub,
    email: verified.email,
    emailVerified: String(verified.claims.email_verified),
    expiresAt: String(verified.claims.exp),
  };
}

const REFUSED = { via: 'refused' } as const;

let verifier: ((token: string) => Promise<VerifiedToken>) | undefined;

/**
 * The HTTP API's REQUEST authorizer (simple responses). API Gateway answers a request without an
 * Authorization header 401 itself, and caches each answer for a minute by the header, so a browser's requests
 * cost one run a minute. A credential that does not hold is passed on as `refused`, and the route answers it
 * 401 {"message":"Unauthorized"}, API Gateway's own words (functions/lib/http-handler.ts): the one way to a 401
 * is throwing 'Unauthorized', which Lambda counts as an error, and every bad token on the internet would raise
 * the functions' error alarm; `isAuthorized: false` would answer 403. A cached answer may outlive a revoked
 * token: the route wrapper checks the token again on every call.
 */
export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
  verifier ??= createTokenVerifier({ issuer: requiredEnv('AUTH_ISSUER'), audience: requiredEnv('AUTH_AUDIENCE') });
  return { isAuthorized: true, context: await authorizeHeader(event.headers?.authorization ?? '', verifier) };
}
