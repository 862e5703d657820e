import { useMutation } from '@tanstack/react-query';
import { loadAmplify } from '@/lib/amplify';
import { passwordSignIn } from '@/lib/cognito-api';

/** Texts of spec pages §8 (Settings) and §4. */
export const LOAD_PREFERENCES_FAILED = 'Failed to load preferences. Please try refreshing the page.';
export const SAVE_FAILED = 'Failed to save changes. Please try again.';
export const SAVED = 'Changes saved successfully!';
export const PASSWORDS_DIFFER = 'New passwords do not match';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password. Please try again.';

class WrongCurrentPassword extends Error {}

/** Why a password change failed, in the spec's words. */
export function passwordChangeError(error: unknown): string {
  return error instanceof WrongCurrentPassword ? WRONG_CURRENT_PASSWORD : CHANGE_PASSWORD_FAILED;
}

/**
 * Whether `password` is the account's current one: a password sign-in (InitiateAuth) against the user
 * pool, whose tokens are dropped. Cognito answers NotAuthorizedException for a wrong one (cognito-local
 * InvalidPasswordException, which a sign-in cannot mean otherwise).
 */
async function isCurrentPassword(email: string, password: string): Promise<boolean> {
  const answer = await passwordSignIn(email, password);
  // With two-factor sign-in on, the right password is answered with the code challenge: still a yes.
  if (answer.ok) return true;
  const type = typeof answer.json.__type === 'string' ? answer.json.__type : '';
  if (type.endsWith('NotAuthorizedException') || type.endsWith('InvalidPasswordException')) return false;
  throw new Error(`Cognito refused the check: ${type || 'no answer'}`);
}

/**
 * The spec's order (pages §5): the current password is verified first, then Cognito sets the new one
 * (Amplify Auth, loaded on demand).
 */
export function useChangePassword(email: string) {
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
      if (!(await isCurrentPassword(email, oldPassword))) throw new WrongCurrentPassword();
      const { updatePassword } = await loadAmplify();
      await updatePassword({ oldPassword, newPassword });
    },
  });
}
