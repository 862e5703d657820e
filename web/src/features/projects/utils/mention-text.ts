import { mentionToken } from '@shared/rules/mentions';

/**
 * A text with mentions as a person edits it: each mention as `@Name`, with the names chosen from the
 * autocomplete remembered by user id; stored, each chosen `@Name` becomes its `@[userId]` token
 * (shared/rules/mentions.ts).
 */
export interface MentionMember {
  readonly userId: string;
  readonly displayName: string;
}

/** Chosen names and their user ids. */
export type ChosenMentions = ReadonlyMap<string, string>;

const TOKEN = /@\[([A-Za-z0-9_-]{1,64})\]/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The stored text as it is edited: members' tokens as `@Name` (a token of nobody known stays as it is). */
export function toEditable(stored: string, members: readonly MentionMember[]): { text: string; chosen: Map<string, string> } {
  const chosen = new Map<string, string>();
  const text = stored.replace(TOKEN, (token, userId: string) => {
    const member = members.find((candidate) => candidate.userId === userId);
    if (!member) return token;
    chosen.set(member.displayName, member.userId);
    return `@${member.displayName}`;
  });
  return { text, chosen };
}

/** The edited text as it is stored: each chosen `@Name` not followed by a letter or digit, as its token (longest names first). */
export function toStored(text: string, chosen: ChosenMentions): string {
  return [...chosen]
    .sort(([a], [b]) => b.length - a.length)
    .reduce((result, [name, userId]) => result.replace(new RegExp(`@${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu'), mentionToken(userId)), text);
}
