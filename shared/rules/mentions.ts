/**
 * @mentions (issue 37) in comments and task descriptions. A mention is stored as a token holding the
 * member's user id, `@[<userId>]`, so it always shows the member's current name; the browser's autocomplete
 * writes the token, and the server keeps it only for a member of the workspace: any other token is stored
 * as the plain text `@<id>` (no mention).
 */

/** A mention token: `@[` + an id as the API accepts ids (shared/schemas/ids.ts) + `]`. */
const MENTION = /@\[([A-Za-z0-9_-]{1,64})\]/g;

export const mentionToken = (userId: string): string => `@[${userId}]`;

/** The user ids the text mentions, each once, in order of first mention. */
export function mentionedIds(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MENTION), (match) => match[1] ?? ''))];
}

/** The text with the mentions of non-members turned into plain text, and the members it mentions. */
export function keepMemberMentions(text: string, isMember: (userId: string) => boolean): { text: string; mentions: string[] } {
  const kept = text.replace(MENTION, (token, userId: string) => (isMember(userId) ? token : `@${userId}`));
  return { text: kept, mentions: mentionedIds(kept) };
}

/** How a mention shows: `@` and the member's name now; a token nobody is named for shows `@A former member`. */
export const mentionLabel = (userId: string, nameOf: (userId: string) => string | undefined): string => `@${nameOf(userId) ?? 'A former member'}`;

/**
 * The text with each mention as its plain label (for the assistant, a calendar event, a loading fallback).
 * Not markdown: rendered markdown shows mentions as text nodes of their own (splitMentions), because no
 * escaping stops remark-gfm from autolinking a name such as `www.x.com` or `http://intranet`.
 */
export function showMentions(text: string, nameOf: (userId: string) => string | undefined): string {
  return text.replace(MENTION, (_token, userId: string) => mentionLabel(userId, nameOf));
}

/** The text cut into its runs of plain text and its mentions, in order (no empty runs). */
export function splitMentions(text: string): Array<{ text: string } | { userId: string }> {
  const parts: Array<{ text: string } | { userId: string }> = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ userId: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * The mention being typed at `caret`: an `@` at the start or after white space, then up to 30 characters
 * without white space or `[`. Its start (the `@`) and the query after it; none when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@[\]]{0,30})$/.exec(before);
  if (!match) return undefined;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}
