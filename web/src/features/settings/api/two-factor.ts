import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileRoutes } from '@shared/routes/profile';
import { WRONG_PASSWORD_OR_CODE } from '@shared/schemas/profile';
import { loadAmplify } from '@/lib/amplify';
import { ApiError, callRoute } from '@/lib/api-client';
import { workspaceListKey } from '@/features/workspaces';

export { WRONG_PASSWORD_OR_CODE };

/** Texts of the Two-Factor Authentication card. */
export const WRONG_CODE = 'That code is not right, or it has expired. Enter the code your app shows now.';
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
    onSuccess: () => {
      queryClient.setQueryData(statusKey, { enabled: true });
      // A workspace that requires it of its owners and admins opens now (its listing says so).
      void queryClient.invalidateQueries({ queryKey: workspaceListKey });
    },
  });
}

/**
 * Whether the password and a current code sign this user in: the API asks the user pool (CheckSignIn), so
 * turning two-factor off needs both factors, not only a session left open on a shared computer.
 */
async function passwordAndCodeSignIn(password: string, code: string): Promise<boolean> {
  try {
    await callRoute(profileRoutes.CheckSignIn, { body: { password, code: code.trim() } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
}

/** Turning it off: the password and a code from the app, then sign-in asks for the password only. */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ password, code }: { password: string; code: string }) => {
      if (!(await passwordAndCodeSignIn(password, code))) throw new WrongPasswordOrCode();
      const { updateMFAPreference } = await loadAmplify();
      await updateMFAPreference({ totp: 'DISABLED' });
    },
    onSuccess: () => {
      queryClient.setQueryData(statusKey, { enabled: false });
      void queryClient.invalidateQueries({ queryKey: workspaceListKey });
    },
  });
}
