import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { WebConfig } from '../shared/web-config.js';

/** Signs up and in against the local user pool exactly as the web app does (USER_PASSWORD_AUTH). */
function userPoolClient(config: WebConfig): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function signUp(config: WebConfig, email: string, password: string): Promise<void> {
  const client = userPoolClient(config);
  try {
    await client.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
  } finally {
    client.destroy();
  }
}

export interface SignInTokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** The tokens a USER_PASSWORD_AUTH sign-in answers, as Amplify stores them in the browser. */
export async function signInTokens(config: WebConfig, email: string, password: string): Promise<SignInTokens> {
  const client = userPoolClient(config);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const { IdToken: idToken, AccessToken: accessToken, RefreshToken: refreshToken } = auth.AuthenticationResult ?? {};
    if (!idToken || !accessToken || !refreshToken) throw new Error('Sign-in returned no tokens');
    return { idToken, accessToken, refreshToken };
  } finally {
    client.destroy();
  }
}

/** Returns the ID token, the one the API's JWT authorizer accepts. */
export async function signIn(config: WebConfig, email: string, password: string): Promise<string> {
  return (await signInTokens(config, email, password)).idToken;
}
