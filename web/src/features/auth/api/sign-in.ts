import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { loadAmplify } from '@/lib/amplify';
import { getConfig } from '@/lib/config';
import { requireCredentials } from './auth-errors';

/** `totpCode`: two-factor sign-in is on; the code from the user's authenticator app goes to `confirmTotpCode`. */
export type SignInOutcome = { readonly kind: 'signedIn' } | { readonly kind: 'confirmSignUp' } | { readonly kind: 'totpCode' };

/** The second step of a two-factor sign-in; false when Cognito refuses the code (wrong or expired). */
export async function confirmTotpCode(code: string): Promise<boolean> {
  try {
    const result = await confirmSignIn({ challengeResponse: code.replace(/\s+/g, '') });
    return result.isSignedIn;
  } catch (error) {
    if (error instanceof Error && /CodeMismatch|NotAuthorized|InvalidParameter/.test(error.name)) return false;
    throw error;
  }
}

function isAlreadySignedIn(error: unknown): boolean {
  return error instanceof Error && error.name === 'UserAlreadyAuthenticatedException';
}

/**
 * E-mail and password sign-in: SRP in AWS, so the password never leaves the browser; USER_PASSWORD_AUTH
 * against cognito-local, which has no SRP. A stale session left in storage is signed out first.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await loadAmplify();
  requireCredentials(email, password);
  const authFlowType = getConfig().stage === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  const attempt = () => signIn({ username: email.trim(), password, options: { authFlowType } });
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
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { kind: 'totpCode' };
  throw new Error(`This account needs a sign-in step the app does not support (${result.nextStep.signInStep})`);
}
