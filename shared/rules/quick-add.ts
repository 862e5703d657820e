import type { Priority } from '../schemas/project.js';
import { findDate, minutesOf } from './natural-language.js';

/**
 * The quick add line (issue 32): one line that becomes a task. Besides the title it understands a date
 * ('tomorrow', 'fri', 'Dec 5'), '!high' (or !h, !urgent, !medium, !low), '@ana' (a member, by the start of
 * their name; '@me') and '~90m' (~2h, ~45): what it took is shown as chips before Enter, and left out of
 * the title. Pure: the members and today are given.
 */
export interface QuickAddMember {
  readonly userId: string;
  readonly name: string;
}

export interface QuickAdd {
  readonly title: string;
  readonly dueDate?: string;
  readonly priority?: Priority;
  readonly assignee?: QuickAddMember;
  readonly timeEstimate?: number;
}

const PRIORITIES: Readonly<Record<string, Priority>> = { high: 'high', h: 'high', urgent: 'high', medium: 'medium', med: 'medium', m: 'medium', low: 'low', l: 'low' };

/** The member '@word' names: 'me', else the only one whose name (or a word of it) starts with it. */
function memberNamed(word: string, members: readonly QuickAddMember[], me: string | undefined): QuickAddMember | undefined {
  const wanted = word.toLowerCase();
  if (wanted === 'me') return members.find((member) => member.userId === me);
  const matches = members.filter((member) => member.name.toLowerCase().split(/\s+/).some((part) => part.startsWith(wanted)) || member.name.toLowerCase().replace(/\s+/g, '').startsWith(wanted));
  return matches.length === 1 ? matches[0] : undefined;
}

export function parseQuickAdd(text: string, today: string, members: readonly QuickAddMember[] = [], me?: string): QuickAdd {
  let rest = ` ${text} `;
  const found: { -readonly [K in keyof QuickAdd]?: QuickAdd[K] } = {};
  const take = (pattern: RegExp, use: (match: RegExpExecArray) => boolean) => {
    const match = pattern.exec(rest);
    if (match && use(match)) rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
  };
  take(/\s!([a-z]+)(?=\s)/i, (match) => {
    const priority = PRIORITIES[(match[1] ?? '').toLowerCase()];
    if (priority) found.priority = priority;
    return priority !== undefined;
  });
  take(/\s@([\p{L}\p{N}._-]+)(?=\s)/u, (match) => {
    const member = memberNamed(match[1] ?? '', members, me);
    if (member) found.assignee = member;
    return member !== undefined;
  });
  take(/\s~(\d+(?:\.\d+)?)\s?(h|hrs?|hours?|m|mins?|minutes?)?(?=\s)/i, (match) => {
    found.timeEstimate = minutesOf(Number(match[1]), match[2] ?? 'm');
    return true;
  });
  const date = findDate(rest, today);
  if (date) {
    found.dueDate = date.date;
    // 'due fri', 'by Dec 5', 'on Monday': the little word goes with the date.
    const before = rest.slice(0, date.index).replace(/\s(?:due|by|on)\s*$/i, ' ');
    rest = `${before} ${rest.slice(date.index + date.length)}`;
  }
  return { title: rest.replace(/\s+/g, ' ').trim(), ...found };
}
