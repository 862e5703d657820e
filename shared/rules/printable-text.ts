/**
 * Control characters, line and paragraph separators, and the marks that reorder text (with them a name
 * can be made to read as something else). Names shown to other people, in the app and in mails, hold none.
 */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

export function containsUnprintable(text: string): boolean {
  // String#search starts at 0 whatever the global regex's lastIndex, so the shared regex is safe here.
  return text.search(UNPRINTABLE) !== -1;
}

/** For text of several lines (descriptions, note content): line breaks and tabs are fine, the rest is not. */
export function containsUnprintableInLines(text: string): boolean {
  return containsUnprintable(text.replace(/[\t\n\r\u2028\u2029]/g, ''));
}

/** Each run of unprintable characters becomes one space. */
export function unprintableAsSpace(text: string): string {
  return text.replace(UNPRINTABLE, ' ');
}
