import { PRIORITY_WORDS, unquoted, without, type PlannedCall } from './phrases.js';

/** The phrases of a question that pick which tasks, each with the list_tasks filter it means. */
const LIST_FILTERS: readonly [RegExp, string][] = [
  [/\boverdue\b|\blate\b|\bbehind\b/, 'overdue'],
  [/\bdue tomorrow\b|\btomorrow\b/, 'due_tomorrow'],
  [/\bdue today\b|\btoday\b/, 'due_today'],
  [/\bthis week\b|\bnext (?:7|seven) days\b/, 'due_this_week'],
  [/\bassigned to me\b|\bmy (?:open )?tasks\b|\bon my plate\b/, 'assigned_to_me'],
  [/\bin progress\b|\bunder way\b|\bbeing worked on\b|\bstarted\b/, 'in_progress'],
  [/\bcompleted?\b|\bdone\b|\bfinish(?:ed)?\b/, 'completed'],
];

const PRIORITY_PHRASE = /\b(high|medium|low)[- ]priority\b|\b(urgent|important)\b/i;

/** Whose tasks a question asks for: 'assigned to Ana', "Ana's tasks", 'what is Ana working on'. */
const ASSIGNEE_PHRASES: readonly RegExp[] = [
  /\bassigned to\s+(?!me\b)(.+?)(?=\s+(?:in|for|on)\s|$)/i,
  /^what\s+(?:did|have)\s+(i)\s+(?:complete|completed|finish|finished|done)\b/i,
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
  for (const pattern of ASSIGNEE_PHRASES) {
    const found = pattern.exec(text);
    if (found?.[1]) {
      args.assignee = /^i$/i.test(found[1]) ? 'me' : unquoted(found[1]);
      rest = without(rest, found[0]);
      break;
    }
  }
  const filter = LIST_FILTERS.find(([pattern]) => pattern.test(lower));
  if (filter) {
    args.filter = filter[1];
    rest = rest.replace(filter[0], ' ');
  }
  const priority = PRIORITY_PHRASE.exec(rest);
  if (priority) {
    args.priority = PRIORITY_WORDS[(priority[1] ?? priority[2] ?? '').toLowerCase()];
    rest = rest.replace(PRIORITY_PHRASE, ' ');
  }
  if (!filter && !args.assignee && !/\btasks?\b/i.test(text)) return undefined;
  const project = /\b(?:in|for|of|on)\s+(?:the\s+)?(?:project\s+)?([^?]+?)(?:\s+project)?\s*$/i.exec(rest);
  if (project?.[1] && !/^(?:today|this week|me|it)$/i.test(project[1].trim())) args.project = unquoted(project[1]);
  return { tool: 'list_tasks', args };
}
