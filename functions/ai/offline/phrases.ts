import { findDate } from '../../../shared/rules/natural-language.js';

export { findDate, findEstimate } from '../../../shared/rules/natural-language.js';

/** The pieces the offline grammar reads requests with: words, dates, estimates, titles and project names. */
export interface PlannedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

export const PRIORITY_WORDS: Readonly<Record<string, 'low' | 'medium' | 'high'>> = { high: 'high', urgent: 'high', important: 'high', medium: 'medium', normal: 'medium', low: 'low' };
export const STATUS_WORDS: Readonly<Record<string, 'todo' | 'in_progress' | 'completed'>> = {
  todo: 'todo',
  'to do': 'todo',
  'in progress': 'in_progress',
  doing: 'in_progress',
  started: 'in_progress',
  done: 'completed',
  complete: 'completed',
  completed: 'completed',
  finished: 'completed',
};

export function unquoted(text: string): string {
  return text.trim().replace(/^["'“‘](.*)["'”’]$/s, '$1').trim();
}

/** Removes `part` once from `text`. */
export function without(text: string, part: string): string {
  const index = text.toLowerCase().indexOf(part.toLowerCase());
  return index < 0 ? text : `${text.slice(0, index)} ${text.slice(index + part.length)}`;
}

/** The first quoted part of the text, and the text without it. */
export function takeQuoted(text: string): { found?: string; rest: string } {
  const quoted = /["“'‘]([^"”'’]+)["”'’]/.exec(text);
  return quoted?.[1] ? { found: quoted[1].trim(), rest: without(text, quoted[0]) } : { rest: text };
}

/** The first date of the text as YYYY-MM-DD, and the text without it (and without a 'due' or 'by' left before it). */
export function takeDate(text: string, today: string): { found?: string; rest: string } {
  const due = findDate(text, today);
  if (!due) return { rest: text };
  return { found: due.date, rest: `${text.slice(0, due.index)} ${text.slice(due.index + due.length)}`.replace(/\b(?:due|by|on)\s*(?=[\s,]*$|,)/i, ' ') };
}

/** 'to Apollo', 'in the Website Relaunch project': the project named after the item, and the text before it. */
export function takeProject(text: string): { found?: string; rest: string } {
  const project = /\s(?:to|in|into|for|under)\s+(?:the\s+)?(?:project\s+)?([^,]+?)(?:\s+project)?\s*(?:,|\s+due\b|$)/i.exec(text);
  return project?.[1] ? { found: unquoted(project[1]), rest: text.slice(0, project.index) } : { rest: text };
}

/** What is left of a request once its parts were taken: the item's title. */
export function leftoverTitle(text: string): string {
  return unquoted(
    text
      .replace(/\b(?:called|named|titled|due|by)\b/gi, ' ')
      .replace(/[,:]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** A title (quoted, or what is left), a date and a project, in the order they are taken from the text. */
export function titleDateAndProject(text: string, today: string): { title: string; dueDate?: string; project?: string } {
  const title = takeQuoted(text);
  const date = takeDate(title.rest, today);
  const project = takeProject(date.rest);
  return {
    title: title.found ?? leftoverTitle(project.rest),
    ...(date.found ? { dueDate: date.found } : {}),
    ...(project.found ? { project: project.found } : {}),
  };
}

/** A project as a request names it: 'the project Apollo', 'the Apollo project', 'Apollo'. */
export function projectNamed(named: string): string {
  return unquoted(named.replace(/^(?:the\s+)?(?:project\s+)?/i, '').replace(/\s+project$/i, ''));
}

