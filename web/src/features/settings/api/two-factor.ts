import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadAmplify } from '@/lib/amplify';
import { cognitoCall, passwordSignIn } from '@/lib/cognito-api';
import { getConfig } from '@/lib/config';

/** Texts of the Two-Factor Authentication card. */
export const WRONG_CODE = 'That code is not right, or it has expired. Enter the code your app shows now.';
export const WRONG_PASSWORD_OR_CODE = 'The password or the code is not right.';
export const TWO_FACTOR_FAILED = 'Failed to change two-factor sign-in. Please try again.';

const statusKey = ['two-factor'] as const;

/** Whether sign-in asks this user for a code from an authenticator app (Cognito's software-token MFA). */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: async () => {
      const { fetchMFAPreference } = await loadAmplify();
      const preference = await fetchMFAPreference();
      return { enabled: preference.enabled?.includes('TOTP') ?? false };
    },
  });
}

/** What an authenticator app needs: the key, and the otpauth: address a phone opens or scans. */
export interface TotpSetup {
  readonly secret: string;
  readonly uri: string;
}

/** A new key for this user (not in force until a code from it is verified). */
export function useStartTwoFactorSetup(email: string) {
  return useMutation({
    mutationFn: async (): Promise<TotpSetup> => {
      const { setUpTOTP } = await loadAmplify();
      const details = await setUpTOTP();
      return { secret: details.sharedSecret, uri: details.getSetupUri('TaskFlow', email).toString() };
    },
  });
}

class WrongCode extends Error {}
class WrongPasswordOrCode extends Error {}

/** Why a two-factor change failed, in words the card shows. */
export function twoFactorError(error: unknown): string {
  if (error instanceof WrongCode) return WRONG_CODE;
  if (error instanceof WrongPasswordOrCode) return WRONG_PASSWORD_OR_CODE;
  return TWO_FACTOR_FAILED;
}

const isCodeMismatch = (error: unknown) => error instanceof Error && /CodeMismatch|EnableSoftwareTokenMFA|InvalidParameter/.test(error.name);

/** The first code from the app proves it holds the key: from then on, sign-in asks for a code. */
export function useConfirmTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const { updateMFAPreference, verifyTOTPSetup } = await loadAmplify();
      try {
        await verifyTOTPSetup({ code: code.trim() });
      } catch (error) {
        throw isCodeMismatch(error) ? new WrongCode() : error;
      }
      await updateMFAPreference({ totp: 'PREFERRED' });
    },
    onSuccess: () => queryClient.setQueryData(statusKey, { enabled: true }),
  });
}

/**
 * Whether the password and a current code sign this user in: a sign-in of its own whose tokens are
 * dropped, so turning two-factor off needs both factors, not only a session left open on a shared computer.
 */
async function passwordAndCodeSignIn(email: string, password: string, code: string): Promise<boolean> {
  const started = await passwordSignIn(email, password);
  if (!started.ok || started.json.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return false;
  const answered = await cognitoCall('RespondToAuthChallenge', {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    ClientId: getConfig().userPoolClientId,
    Session: started.json.Session,
    ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code.trim() },
  });
  return answered.ok;
}

/** Turning it off: the password and a code from the app, then sign-in asks for the password only. */
export function useTurnOffTwoFactor(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ password, code }: { password: string; code: string }) => {
      if (!(await passwordAndCodeSignIn(email, password, code))) throw new WrongPasswordOrCode();
      const { updateMFAPreference } = await loadAmplify();
      await updateMFAPreference({ totp: 'DISABLED' });
    },
    onSuccess: () => queryClient.setQueryData(statusKey, { enabled: false }),
  });
}
