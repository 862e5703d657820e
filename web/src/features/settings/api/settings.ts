import { useMutation } from '@tanstack/react-query';
import { profileRoutes } from '@shared/routes/profile';
import { WRONG_CURRENT_PASSWORD } from '@shared/schemas/profile';
import { loadAmplify } from '@/lib/amplify';
import { ApiError, callRoute } from '@/lib/api-client';

export { WRONG_CURRENT_PASSWORD };

/** Texts of spec pages §8 (Settings) and §4. */
export const LOAD_PREFERENCES_FAILED = 'Failed to load preferences. Please try refreshing the page.';
export const SAVE_FAILED = 'Failed to save changes. Please try again.';
export const SAVED = 'Changes saved successfully!';
export const PASSWORDS_DIFFER = 'New passwords do not match';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password. Please try again.';

class WrongCurrentPassword extends Error {}

/** Why a password change failed, in the spec's words. */
export function passwordChangeError(error: unknown): string {
  return error instanceof WrongCurrentPassword ? WRONG_CURRENT_PASSWORD : CHANGE_PASSWORD_FAILED;
}

/**
 * Whether `password` is the account's current one: the API asks the user pool (CheckSignIn), so the browser
 * never signs in with a plain password, and answers 400 on the password field for a wrong one.
 */
async function isCurrentPassword(password: string): Promise<boolean> {
  try {
    await callRoute(profileRoutes.CheckSignIn, { body: { password } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.fieldMessage('password') !== undefined) return false;
    throw error;
  }
}

/**
 * The spec's order (pages §5): the current password is verified first, then Cognito sets the new one
 * (Amplify Auth, loaded on demand).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
      if (!(await isCurrentPassword(oldPassword))) throw new WrongCurrentPassword();
      const { updatePassword } = await loadAmplify();
      await updatePassword({ oldPassword, newPassword });
    },
  });
}
