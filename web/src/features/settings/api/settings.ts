import { useMutation } from '@tanstack/react-query';
import { loadAmplify } from '@/lib/amplify';
import { getConfig } from '@/lib/config';

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
  const config = getConfig();
  const endpoint = config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  if (response.ok) return true;
  const { __type: type = '' } = (await response.json().catch(() => ({}))) as { __type?: string };
  if (type.endsWith('NotAuthorizedException') || type.endsWith('InvalidPasswordException')) return false;
  throw new Error(`Cognito refused the check: ${type || response.status}`);
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
