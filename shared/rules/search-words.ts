/**
 * The words search knows a text by, for the server's index and for the query alike: lower-cased, with
 * diacritics folded ('Café' → 'cafe'), split on anything that is not a letter or a digit. Words are cut to
 * `SEARCH_WORD_MAX_LENGTH` so that keys stay small; a longer query word still matches by its prefix.
 */
export const SEARCH_WORD_MAX_LENGTH = 32;

export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, SEARCH_WORD_MAX_LENGTH));
}

/** The distinct words of a text in order of first appearance, at most `limit` of them. */
export function distinctSearchWords(text: string, limit = Number.POSITIVE_INFINITY): string[] {
  return [...new Set(searchWords(text))].slice(0, limit);
}
