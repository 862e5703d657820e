import { findDate } from '../../../shared/rules/natural-language.js';
import { ruleFor, type RepeatChoice, type WeekOfMonth } from '../../../shared/rules/repeat-choices.js';
import { weekDays, type WeekDay } from '../../../shared/schemas/project.js';

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


const DAY_WORD = '(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?';
const NTH_WORDS: Readonly<Record<string, WeekOfMonth>> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1 };

/** 'mon', 'Tuesdays', 'thurs' as the day. */
function weekDayOf(word: string): WeekDay | undefined {
  return weekDays.find((day) => day.startsWith(word.toLowerCase().slice(0, 3)));
}

/** The repeat a phrase asks for: 'every Monday', 'every 2 weeks', 'daily', 'every last Friday of the month'. */
function repeatChoiceOf(text: string): { choice: RepeatChoice; match: string } | undefined {
  const weekdays = /\bevery\s+(?:week\s*day|weekday)s?\b/i.exec(text);
  if (weekdays) return { choice: { kind: 'weekdays' }, match: weekdays[0] };
  const nth = new RegExp(`\\b(?:every|on the)\\s+(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+(${DAY_WORD})(?:\\s+of\\s+(?:the|each|every)\\s+month)?\\b`, 'i').exec(text);
  const nthDay = nth?.[2] ? weekDayOf(nth[2]) : undefined;
  if (nth?.[1] && nthDay) return { choice: { kind: 'monthlyOnWeekday', nth: NTH_WORDS[nth[1].toLowerCase()] ?? 1, day: nthDay }, match: nth[0] };
  const days = new RegExp(`\\bevery\\s+(${DAY_WORD}(?:\\s*(?:,|and|&)\\s*${DAY_WORD})*)\\b`, 'i').exec(text);
  if (days?.[1]) {
    const chosen = days[1].split(/\s*(?:,|and|&)\s*/i).map(weekDayOf);
    if (chosen.every((day) => day !== undefined)) return { choice: { kind: 'weekly', days: chosen }, match: days[0] };
  }
  const every = /\bevery\s+(?:(\d{1,2}|other)\s+)?(day|week|month|year)s?\b|\b(daily|weekly|monthly|yearly|annually)\b/i.exec(text);
  if (!every) return undefined;
  const unit = (every[2] ?? { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year', annually: 'year' }[every[3]?.toLowerCase() ?? ''] ?? 'day').toLowerCase();
  const interval = every[1]?.toLowerCase() === 'other' ? 2 : Number(every[1] ?? 1);
  if (unit === 'year') return { choice: { kind: 'yearly' }, match: every[0] };
  return { choice: { kind: 'every', interval, unit: unit as 'day' | 'week' | 'month' }, match: every[0] };
}

/**
 * A repeat in a request (issue 36) as the task's rule, and the words it took: 'every Monday', 'every 2 weeks
 * from completion' (or 'after completion', 'after it is done'), 'every last Friday of the month', 'daily'.
 */
export function findRepeat(text: string): { rule: string; from: 'due' | 'completion'; match: string } | undefined {
  const found = repeatChoiceOf(text);
  if (!found) return undefined;
  const after = text.slice(text.toLowerCase().indexOf(found.match.toLowerCase()) + found.match.length);
  const completion = /^\s*(?:counting\s+)?(?:from|after)\s+(?:the\s+)?(?:completion|(?:last\s+)?(?:it\s+is|it's|it\s+was)\s+(?:done|completed))/i.exec(after);
  return { rule: ruleFor(found.choice), from: completion ? 'completion' : 'due', match: completion ? found.match + completion[0] : found.match };
}
