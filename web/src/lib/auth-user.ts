import { nameFromEmail } from '@shared/rules/user-name';

/** The user as held in the app (spec core §3). */
export interface AuthUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}

/** Builds the user from the ID token's claims (sub, email); the login id is the e-mail fallback. */
export function userFromClaims(claims: Record<string, unknown> | undefined, fallback: { userId?: string; loginId?: string } = {}): AuthUser | null {
  const id = typeof claims?.sub === 'string' ? claims.sub : fallback.userId;
  if (!id) return null;
  const email = typeof claims?.email === 'string' ? claims.email : (fallback.loginId ?? '');
  return { id, email, name: nameFromEmail(email) };
}
