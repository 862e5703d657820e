import { mentionToken } from '@shared/rules/mentions';

/**
 * A text with mentions as a person edits it: each mention as `@Label`, with the labels chosen from the
 * autocomplete remembered with their user ids; stored, each chosen `@Label` becomes its `@[userId]` token
 * (shared/rules/mentions.ts). A label names one member only (mentionLabels), so two members of the same
 * name stay two people.
 */
export interface MentionMember {
  readonly userId: string;
  readonly displayName: string;
  readonly email?: string | undefined;
}

/**
 * Each member's label while editing, by user id: the display name, or for a name several members share, the
 * name with the e-mail address (else the member's place among them), so that no label stands for two.
 */
export function mentionLabels(members: readonly MentionMember[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const member of members) {
    const namesakes = members.filter((other) => other.displayName === member.displayName);
    const label = namesakes.length === 1 ? member.displayName : `${member.displayName} (${member.email ?? namesakes.indexOf(member) + 1})`;
    labels.set(member.userId, label);
  }
  return labels;
}

/** Chosen labels and their user ids. */
export type ChosenMentions = ReadonlyMap<string, string>;

const TOKEN = /@\[([A-Za-z0-9_-]{1,64})\]/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The stored text as it is edited: members' tokens as `@Label` (a token of nobody known stays as it is). */
export function toEditable(stored: string, members: readonly MentionMember[]): { text: string; chosen: Map<string, string> } {
  const chosen = new Map<string, string>();
  const labels = mentionLabels(members);
  const text = stored.replace(TOKEN, (token, userId: string) => {
    const label = labels.get(userId);
    if (label === undefined) return token;
    chosen.set(label, userId);
    return `@${label}`;
  });
  return { text, chosen };
}

/** The edited text as it is stored: each chosen `@Label` not followed by a letter or digit, as its token (longest names first). */
export function toStored(text: string, chosen: ChosenMentions): string {
  return [...chosen]
    .sort(([a], [b]) => b.length - a.length)
    .reduce((result, [name, userId]) => result.replace(new RegExp(`@${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu'), mentionToken(userId)), text);
}
