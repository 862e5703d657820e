import { strict } from 'chrono-node/en';
import { EMAIL_MAX_LENGTH } from '../../../shared/schemas/member.js';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/schemas/profile.js';
import type { Priority, TaskStatus } from '../../../shared/schemas/project.js';
import type { ImportedLabel, ImportedProject, ImportPerson } from '../records.js';

/** How the readers read a cell's words, dates and people the same way whatever the source. */

const pad = (value: number) => String(value).padStart(2, '0');

function calendarDate(year: number, month: number, day: number): string | undefined {
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A written-out date: YYYY-MM-DD or YYYY/MM/DD, optionally followed by a time (which is dropped); else undefined. */
export function plainDate(text: string): string | undefined {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/**
 * A date in a spreadsheet's usual forms: ISO, '5/3/2024' (month first, as chrono's English reads it),
 * '3 May 2024', 'May 3, 2024'. The whole cell must be the date and its year written out: 'next Friday' or
 * 'May 3' would mean a different day depending on when the file is imported.
 */
export function spreadsheetDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const plain = plainDate(trimmed);
  if (plain) return plain;
  const [result] = strict.parse(trimmed);
  if (!result || result.text.length < trimmed.length - 1 || !result.start.isCertain('year') || !result.start.isCertain('day')) return undefined;
  const { start } = result;
  return calendarDate(start.get('year') ?? 0, start.get('month') ?? 0, start.get('day') ?? 0);
}

/** A moment (ISO date-time, or a plain date read as its midnight UTC) as an ISO string; else undefined. */
export function isoMoment(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const date = plainDate(trimmed);
  if (date && !/[T ]/.test(trimmed)) return `${date}T00:00:00.000Z`;
  const moment = new Date(trimmed);
  return date && !Number.isNaN(moment.getTime()) ? moment.toISOString() : undefined;
}

const normalWord = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

const STATUS_WORDS: Record<string, TaskStatus> = Object.fromEntries([
  ...['done', 'complete', 'completed', 'closed', 'finished', 'resolved', 'yes', 'y', 'true', 'x', '✓', '✔', '1'].map((word) => [word, 'completed']),
  ...['in progress', 'doing', 'started', 'active', 'wip', 'ongoing', 'working', 'in review', 'review'].map((word) => [word, 'in_progress']),
  ...['todo', 'to do', 'open', 'new', 'not started', 'backlog', 'pending', 'no', 'n', 'false', '0'].map((word) => [word, 'todo']),
]) as Record<string, TaskStatus>;

/** A status in a spreadsheet's words ('Done', 'yes', 'In progress'); undefined when the word is not known. */
export const statusWord = (text: string): TaskStatus | undefined => STATUS_WORDS[normalWord(text)];

const PRIORITY_WORDS: Record<string, Priority> = Object.fromEntries([
  ...['high', 'highest', 'urgent', 'critical', 'important', 'p1', 'p0', '1'].map((word) => [word, 'high']),
  ...['medium', 'normal', 'moderate', 'med', 'p2', '2'].map((word) => [word, 'medium']),
  ...['low', 'lowest', 'minor', 'trivial', 'p3', 'p4', '3', '4'].map((word) => [word, 'low']),
]) as Record<string, Priority>;

/** A priority in a spreadsheet's words ('High', 'urgent', 'P2'); undefined when the word is not known. */
export const priorityWord = (text: string): Priority | undefined => PRIORITY_WORDS[normalWord(text)];

/** A plain name as the app keeps it: trimmed and cut to a display name's length. */
export const plainName = (text: string): string => text.trim().slice(0, DISPLAY_NAME_MAX_LENGTH).trim();

/** Longer than this, a cell is a plain name, not 'Name <address>' (it also keeps the reading below short). */
const PERSON_MAX_LENGTH = 320;

/** One @, a dot in the part after it, no spaces or angle brackets; by indexes, as a regex backtracks on long text. */
function isEmail(text: string): boolean {
  if (text.length > EMAIL_MAX_LENGTH || /[\s<>]/.test(text)) return false;
  const at = text.indexOf('@');
  const dot = text.lastIndexOf('.');
  return at > 0 && text.indexOf('@', at + 1) < 0 && dot > at + 1 && dot < text.length - 1;
}

/** 'Name <address>' → its name and what is between the last angle brackets; else undefined. */
function nameAndAddress(text: string): { name: string; inside: string } | undefined {
  const open = text.lastIndexOf('<');
  if (!text.endsWith('>') || open < 0 || open >= text.length - 2 || text.indexOf('>', open) < text.length - 1) return undefined;
  return { name: text.slice(0, open).trimEnd(), inside: text.slice(open + 1, -1).trim() };
}

/** A person as written: 'Ana Lima <ana@example.com>', 'ana@example.com' or 'Ana Lima'. */
export function personOf(text: string, email = ''): ImportPerson | undefined {
  const trimmed = text.trim();
  const long = trimmed.length > PERSON_MAX_LENGTH;
  const named = long ? undefined : nameAndAddress(trimmed);
  const bare = !long && isEmail(trimmed);
  const name = named ? plainName(named.name) : bare ? '' : plainName(trimmed);
  const address = [email.trim(), named?.inside ?? '', bare ? trimmed : ''].find(isEmail);
  if (!name && !address) return undefined;
  return { ...(name ? { name } : {}), ...(address ? { email: address.toLowerCase() } : {}) };
}

/** A cell holding several names ('bug, ui; urgent'): each once, in order. */
export function listOf(text: string): string[] {
  const names = text.split(/[,;]/).map((name) => name.trim()).filter((name) => name !== '');
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
}

/** A file's name without its extension, for the project a file's rows go to. */
export function fileStem(fileName: string | undefined): string {
  const stem = (fileName ?? '').replace(/\.[^./\\]+$/, '').trim();
  return stem === '' ? 'Imported tasks' : stem;
}

/**
 * Names met while reading (labels, projects): the first meeting gives the record to yield, later ones only
 * the key. Names equal but for case are one. Small: one entry per distinct name, not per row.
 */
export class NameBook<T extends ImportedLabel | ImportedProject> {
  readonly #seen = new Set<string>();

  constructor(
    private readonly prefix: string,
    private readonly create: (key: string, name: string) => T,
  ) {}

  keyOf(name: string): string {
    return `${this.prefix}:${name.trim().toLowerCase()}`;
  }

  /** The name's key, and its record when met for the first time. */
  take(name: string): { key: string; record?: T } {
    const key = this.keyOf(name);
    if (this.#seen.has(key)) return { key };
    this.#seen.add(key);
    return { key, record: this.create(key, name.trim()) };
  }
}

export const labelBook = () => new NameBook<ImportedLabel>('label', (key, name) => ({ kind: 'label', key, name }));
export const projectBook = () => new NameBook<ImportedProject>('project', (key, name) => ({ kind: 'project', key, name }));
