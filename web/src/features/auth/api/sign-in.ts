import { signIn, signOut } from 'aws-amplify/auth';
import { requireCredentials } from './auth-errors';

export type SignInOutcome = { readonly kind: 'signedIn' } | { readonly kind: 'confirmSignUp' };

function isAlreadySignedIn(error: unknown): boolean {
  return error instanceof Error && error.name === 'UserAlreadyAuthenticatedException';
}

/**
 * E-mail and password sign-in with USER_PASSWORD_AUTH (cognito-local has no SRP; the AWS app client
 * allows this flow too). A stale session left in storage is signed out first.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  requireCredentials(email, password);
  const attempt = () => signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (error) {
    if (!isAlreadySignedIn(error)) throw error;
    await signOut();
    result = await attempt();
  }
  if (result.isSignedIn) return { kind: 'signedIn' };
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return { kind: 'confirmSignUp' };
  throw new Error(`This account needs a sign-in step the app does not support (${result.nextStep.signInStep})`);
}
