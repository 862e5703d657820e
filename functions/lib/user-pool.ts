import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { requiredEnv } from './config.js';

/**
 * The Cognito user pool the caller's tokens come from, for the few checks the API asks of it: whether a user
 * signs in with two factors, and whether a password (and a code) sign them in.
 *
 * The pool is read from AUTH_ISSUER, `<endpoint>/<poolId>`: Cognito's own address in AWS, cognito-local's
 * locally. The Cognito client is loaded on first use and is not bundled (infra/constructs/bundling.ts): only
 * owners and admins of workspaces that require two factors, and the Settings checks, ever need it.
 */
export interface UserPool {
  readonly userPoolId: string;
  readonly clientId: string;
  /** Set for a pool that is not Cognito's own (cognito-local). */
  readonly endpoint?: string;
}

/** `https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC` → that pool; any other host is a local pool. */
export function userPoolOf(issuer: string, clientId: string): UserPool {
  const url = new URL(issuer);
  const userPoolId = url.pathname.replace(/^\//, '');
  const isCognito = /^cognito-idp\.[a-z0-9-]+\.amazonaws\.com$/.test(url.hostname);
  return { userPoolId, clientId, ...(isCognito ? {} : { endpoint: url.origin }) };
}

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');

let connection: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient; pool: UserPool }> | undefined;

/** The SDK, a client and the pool, made once per container. */
export function userPoolConnection(): NonNullable<typeof connection> {
  connection ??= (async () => {
    const pool = userPoolOf(requiredEnv('AUTH_ISSUER'), requiredEnv('AUTH_AUDIENCE'));
    const sdk = await import('@aws-sdk/client-cognito-identity-provider');
    const client = new sdk.CognitoIdentityProviderClient(pool.endpoint ? { endpoint: pool.endpoint } : {});
    return { sdk, client, pool };
  })();
  return connection;
}
