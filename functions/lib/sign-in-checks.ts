import { userPoolConnection } from './user-pool.js';

/**
 * What the API asks the user pool about a user's sign-in. Users are named by their `sub`, which Cognito
 * takes wherever it takes a user name (the pool signs in by e-mail, so its user names are the subs).
 */

/** How long a "yes, two factors" is believed without asking again; a "no" is never kept. */
const TWO_FACTOR_KNOWN_FOR_MS = 5 * 60_000;
const twoFactorSeenAt = new Map<string, number>();

/**
 * Whether sign-in asks this user for a code from an authenticator app. A "yes" is kept for five minutes per
 * container (so turning it off is felt within five minutes); a "no" is asked again every time, so turning it
 * on is felt at once.
 */
export async function hasTwoFactorSignIn(userId: string, now = Date.now()): Promise<boolean> {
  const seenAt = twoFactorSeenAt.get(userId);
  if (seenAt !== undefined && now - seenAt < TWO_FACTOR_KNOWN_FOR_MS) return true;
  const { sdk, client, pool } = await userPoolConnection();
  const user = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: userId }));
  const enabled = user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false;
  if (enabled) twoFactorSeenAt.set(userId, now);
  else twoFactorSeenAt.delete(userId);
  return enabled;
}

export type SignInCheck = 'signs-in' | 'refused';

/** Cognito's answers that mean "not this password" or "not this code" (cognito-local: InvalidPassword). */
const REFUSALS = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'CodeMismatchException', 'ExpiredCodeException']);

function isRefusal(error: unknown): boolean {
  return error instanceof Error && REFUSALS.has(error.name);
}

/**
 * Whether `password`, and `code` when given, sign this user in: a sign-in of its own whose tokens are
 * dropped, so the Settings page can ask for the password (and a code) without the browser signing in with
 * a plain password. In AWS the pool's client allows only SRP to browsers; the API signs in as the admin flow
 * (ADMIN_USER_PASSWORD_AUTH). cognito-local has no code challenge on that flow, so locally the API uses the
 * client flow it does have (USER_PASSWORD_AUTH, allowed on the local pool's client only).
 *
 * With a code: the password must lead to the authenticator-code challenge, and the code must answer it.
 * Without one: a right password either signs in or leads to that challenge.
 */
export async function checkSignIn(userId: string, password: string, code?: string): Promise<SignInCheck> {
  const { sdk, client, pool } = await userPoolConnection();
  const { userPoolId, clientId } = pool;
  const credentials = { USERNAME: userId, PASSWORD: password };
  try {
    const started = pool.endpoint
      ? await client.send(new sdk.InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: credentials }))
      : await client.send(
          new sdk.AdminInitiateAuthCommand({ AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', UserPoolId: userPoolId, ClientId: clientId, AuthParameters: credentials }),
        );
    if (code === undefined) return 'signs-in';
    if (started.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return 'refused';
    const answer = { ChallengeName: 'SOFTWARE_TOKEN_MFA' as const, ClientId: clientId, Session: started.Session, ChallengeResponses: { USERNAME: userId, SOFTWARE_TOKEN_MFA_CODE: code } };
    if (pool.endpoint) await client.send(new sdk.RespondToAuthChallengeCommand(answer));
    else await client.send(new sdk.AdminRespondToAuthChallengeCommand({ ...answer, UserPoolId: userPoolId }));
    return 'signs-in';
  } catch (error) {
    if (isRefusal(error)) return 'refused';
    throw error;
  }
}
