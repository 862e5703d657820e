import { PRIORITY_WORDS, unquoted, without, type PlannedCall } from './phrases.js';

/** The phrases of a question that pick which tasks, each with the list_tasks filter it means. */
const LIST_FILTERS: readonly [RegExp, string][] = [
  [/\boverdue\b|\blate\b|\bbehind\b/, 'overdue'],
  [/\bdue tomorrow\b|\btomorrow\b/, 'due_tomorrow'],
  [/\bdue today\b|\btoday\b/, 'due_today'],
  [/\bthis week\b|\bnext (?:7|seven) days\b/, 'due_this_week'],
  [/\bin progress\b|\bunder way\b|\bbeing worked on\b|\bstarted\b/, 'in_progress'],
  [/\bcompleted?\b|\bdone\b|\bfinish(?:ed)?\b/, 'completed'],
];

/** The user's own tasks: with another filter ('my tasks for today') they narrow it, alone they are the filter. */
const MINE = /\bassigned to me\b|\bmy (?:open )?tasks\b|\bon my plate\b/i;

/** 'labelled Bug', 'tagged Bug', 'with the label Bug' (before a project named with in, for or on). */
const LABEL_PHRASE = /\b(?:labell?ed|tagged|with (?:the )?label)\s+(.+?)(?=\s+(?:in|for|on)\s|\s*\?|\s*$)/i;

const PRIORITY_PHRASE = /\b(high|medium|low)[- ]priority\b|\b(urgent|important)\b/i;

/** Whose tasks a question asks for: 'assigned to Ana', "Ana's tasks", 'what is Ana working on'. */
const ASSIGNEE_PHRASES: readonly RegExp[] = [
  /\bassigned to\s+(?!me\b)(.+?)(?=\s+(?:in|for|on)\s|$)/i,
  /^(?:what|which tasks?)\s+(?:is|are|does|do)\s+(.+?)\s+(?:working on|doing|have)$/i,
  /^(?:show|list|what are)?\s*(?:me\s+)?(.+?)['’]s\s+(?:open\s+)?tasks\b/i,
];

/**
 * A question about tasks ('what is overdue in Apollo?', "show Ana's high priority tasks", 'what is due
 * tomorrow'): the list_tasks call that answers it, or undefined when the text asks no such thing. The
 * phrases found are taken out before the project is looked for, so 'in progress in Apollo' is about Apollo.
 */
export function readTaskList(text: string): PlannedCall | undefined {
  const lower = text.toLowerCase();
  const isQuestion = /^(?:what|which|list|show|any|are there|do i have|tell me)\b|\btasks?\b|\boverdue\b|\bdue\b/.test(lower);
  if (!isQuestion) return undefined;
  let rest = ` ${text} `;
  const args: Record<string, unknown> = {};
  // 'what did I finish this week': the user's completed tasks, whatever the time said.
  const didI = /^what\s+(?:did|have)\s+i\s+(?:complete|completed|finish|finished|done)\b/i.exec(text);
  for (const pattern of didI ? [] : ASSIGNEE_PHRASES) {
    const found = pattern.exec(text);
    if (found?.[1]) {
      args.assignee = unquoted(found[1]);
      rest = without(rest, found[0]);
      break;
    }
  }
  const mine = MINE.exec(rest);
  if (mine) rest = without(rest, mine[0]);
  const filter = didI ? undefined : LIST_FILTERS.find(([pattern]) => pattern.test(rest));
  if (didI) {
    Object.assign(args, { filter: 'completed', assignee: 'me' });
    rest = without(rest, didI[0]);
  } else if (filter) {
    args.filter = filter[1];
    rest = rest.replace(filter[0], ' ');
  }
  if (mine) Object.assign(args, filter ? { assignee: 'me' } : { filter: 'assigned_to_me' });
  const priority = PRIORITY_PHRASE.exec(rest);
  if (priority) {
    args.priority = PRIORITY_WORDS[(priority[1] ?? priority[2] ?? '').toLowerCase()];
    rest = rest.replace(PRIORITY_PHRASE, ' ');
  }
  const label = LABEL_PHRASE.exec(rest);
  if (label?.[1]) {
    args.label = unquoted(label[1]);
    rest = without(rest, label[0]);
  }
  if (!args.filter && !args.assignee && !/\btasks?\b/i.test(text)) return undefined;
  // What is left after 'in', 'for', 'of' or 'on' names the project, unless it is about the tasks themselves.
  const project = /\b(?:in|for|of|on)\s+(?:the\s+)?(?:project\s+)?([^?]+?)(?:\s+project)?\s*$/i.exec(rest)?.[1]?.trim();
  if (project && !/^(?:today|this week|me|it|(?:my\s+|the\s+|all\s+)?tasks?\b.*)$/i.test(project)) args.project = unquoted(project);
  return { tool: 'list_tasks', args };
}
