import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { loadAmplify } from '@/lib/amplify';

export interface ResetRequestResult {
  /** False when the pool finished the reset without a code (not the case with e-mail recovery). */
  readonly needsCode: boolean;
  readonly codeDestination?: string;
}

export async function requestPasswordReset(email: string): Promise<ResetRequestResult> {
  await loadAmplify();
  const { nextStep } = await resetPassword({ username: email.trim() });
  if (nextStep.resetPasswordStep === 'CONFIRM_RESET_PASSWORD_WITH_CODE') {
    const destination = nextStep.codeDeliveryDetails.destination;
    return { needsCode: true, ...(destination ? { codeDestination: destination } : {}) };
  }
  return { needsCode: false };
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await loadAmplify();
  await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
}
