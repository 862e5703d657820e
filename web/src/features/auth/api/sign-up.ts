import { confirmSignUp, resendSignUpCode, signUp } from 'aws-amplify/auth';
import { loadAmplify } from '@/lib/amplify';
import { requireCredentials } from './auth-errors';

export interface RegistrationResult {
  /** True in AWS (a code was e-mailed); false locally, where sign-ups are confirmed at once. */
  readonly needsConfirmation: boolean;
  readonly codeDestination?: string;
}

/** Registers with the e-mail as the username and as the email attribute. */
export async function registerWithPassword(email: string, password: string): Promise<RegistrationResult> {
  await loadAmplify();
  requireCredentials(email, password);
  const username = email.trim();
  const { nextStep } = await signUp({ username, password, options: { userAttributes: { email: username } } });
  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
    const destination = nextStep.codeDeliveryDetails.destination;
    return { needsConfirmation: true, ...(destination ? { codeDestination: destination } : {}) };
  }
  return { needsConfirmation: false };
}

export async function confirmRegistration(email: string, code: string): Promise<void> {
  await loadAmplify();
  await confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
}

export async function resendConfirmationCode(email: string): Promise<void> {
  await loadAmplify();
  await resendSignUpCode({ username: email.trim() });
}
