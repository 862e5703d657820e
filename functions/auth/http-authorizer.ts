import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { callerFromApiToken, isApiTokenBearer } from '../domain/api-tokens.js';
import type { AuthorizerContext } from '../lib/caller.js';
import { requiredEnv } from '../lib/config.js';
import { createTokenVerifier, type VerifiedToken } from '../lib/token-verifier.js';

/**
 * Who an Authorization header stands for, or undefined: a personal API token (`tf_…`, looked up by its hash)
 * or a Cognito ID token (signature, issuer, audience, expiry; the header's token with or without `Bearer`, as
 * the JWT authorizer took it). The HTTP API's Lambda authorizer and the local gateway both decide with this.
 */
export async function authorizeHeader(
  authorization: string | undefined,
  verifyIdToken: (token: string) => Promise<VerifiedToken>,
): Promise<AuthorizerContext | undefined> {
  if (!authorization) return undefined;
  if (isApiTokenBearer(authorization)) {
    const caller = await callerFromApiToken(authorization);
    return caller && { via: 'token', userId: caller.userId, tokenId: caller.tokenId };
  }
  const token = /^(?:Bearer )?(\S+)$/i.exec(authorization)?.[1];
  const verified = token ? await verifyIdToken(token).catch(() => undefined) : undefined;
  return (
    verified && {
      via: 'session',
      userId: verified.sub,
      email: verified.email,
      emailVerified: String(verified.claims.email_verified),
      expiresAt: String(verified.claims.exp),
    }
  );
}

let verifier: ((token: string) => Promise<VerifiedToken>) | undefined;

/**
 * The HTTP API's REQUEST authorizer (simple responses; API Gateway caches each answer for a minute by the
 * Authorization header, so a browser's requests cost it one run per minute). A refusal throws
 * 'Unauthorized', which API Gateway answers as 401 {"message":"Unauthorized"}, the same whatever was wrong.
 * A cached answer may outlive a revoked token: the route wrapper checks the token again on every call
 * (functions/lib/http-handler.ts).
 */
export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
  verifier ??= createTokenVerifier({ issuer: requiredEnv('AUTH_ISSUER'), audience: requiredEnv('AUTH_AUDIENCE') });
  const context = await authorizeHeader(event.headers?.authorization, verifier);
  if (!context) throw new Error('Unauthorized');
  return { isAuthorized: true, context };
}
