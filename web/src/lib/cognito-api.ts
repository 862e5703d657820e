import { getConfig } from './config';

/**
 * One call of the user pool's own API, outside Amplify: for checks that sign in on the side (is this the
 * current password, do this password and code sign in) and must leave the tab's session alone.
 */
export async function cognitoCall(target: string, body: unknown): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  const config = getConfig();
  const endpoint = config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A password sign-in of `email` whose tokens (or MFA challenge) nobody keeps. */
export function passwordSignIn(email: string, password: string): ReturnType<typeof cognitoCall> {
  return cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: getConfig().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
}
