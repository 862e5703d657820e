/** The part of an address before the @, trimmed, or '' when there is none. */
export function emailLocalPart(email: string | null | undefined): string {
  return email?.split('@')[0]?.trim() ?? '';
}

/**
 * The user as the app shows them (spec core §3): the name is the part of the e-mail before the @,
 * else 'User'.
 */
export function nameFromEmail(email: string | null | undefined): string {
  return emailLocalPart(email) || 'User';
}

/** Initials are the first letters of up to two words (spec core §9), upper-cased. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/[\s._-]+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}
