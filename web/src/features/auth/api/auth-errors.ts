/** Spec core §5: the client refuses a sign-up or sign-in without credentials with this text. */
export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The auth library's own message when it has one (spec core §8), else the screen's fallback
 * ('Failed to sign in', 'Failed to create an account', 'Failed to reset password').
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return fallback;
}

export function requireCredentials(email: string, password: string): void {
  if (!email.trim() || !password) throw new Error(MISSING_CREDENTIALS_MESSAGE);
}

/** Client-side check of the register and new-password forms, before any call. */
export function passwordMismatch(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_DO_NOT_MATCH;
}
