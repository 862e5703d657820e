import { config, type $ZodErrorMap } from 'zod/v4/core';

/** How sizes are counted, by what was measured (zod's English wording). */
const UNITS: Partial<Record<string, string>> = { string: 'characters', array: 'items', set: 'items', map: 'entries', file: 'bytes' };
/** The formats the schemas here use, named as zod's English texts name them. */
const FORMATS: Partial<Record<string, string>> = { email: 'email address', url: 'URL', uuid: 'UUID', datetime: 'ISO datetime', date: 'ISO date', time: 'ISO time' };

/** What was received, as zod names it: null, array, NaN or Infinity, a class's name, else the typeof. */
function typeName(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && !Number.isFinite(input)) return String(input); // NaN, Infinity
  if (typeof input === 'object' && Object.getPrototypeOf(input) !== Object.prototype && 'constructor' in input && typeof input.constructor === 'function') {
    return input.constructor.name;
  }
  return typeof input;
}

/** A value in a message: strings quoted, bigints with their n. */
function shown(value: unknown): string {
  if (typeof value === 'bigint') return `${value.toString()}n`;
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function sizeMessage(issue: { origin: string; inclusive?: boolean; exact?: boolean }, bound: string, word: 'big' | 'small'): string {
  const comparison = issue.exact ? 'exactly ' : `${word === 'big' ? '<' : '>'}${issue.inclusive ? '=' : ''}`;
  const unit = UNITS[issue.origin];
  return `Too ${word}: expected ${issue.origin} to ${unit ? 'have' : 'be'} ${comparison}${bound}${unit ? ` ${unit}` : ''}`;
}

/**
 * zod's English texts (zod/v4/locales/en) for the problems a schema here gives no message of its own, in
 * the same words, for the checks these schemas use; the full locale's dictionaries of formats nobody here
 * uses cost every Lambda bundle and the web app bytes for nothing.
 */
const englishMessage: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected === 'nan' ? 'NaN' : issue.expected}, received ${typeName(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `Invalid input: expected ${shown(issue.values[0])}` : `Invalid option: expected one of ${issue.values.map(shown).join('|')}`;
    case 'too_big':
      return sizeMessage(issue, issue.maximum.toString(), 'big');
    case 'too_small':
      return sizeMessage(issue, issue.minimum.toString(), 'small');
    case 'invalid_format':
      // No schema here checks starts_with, ends_with or includes, whose texts are left out.
      return issue.format === 'regex' ? `Invalid string: must match pattern ${String(issue.pattern)}` : `Invalid ${FORMATS[issue.format] ?? issue.format}`;
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor.toString()}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map(shown).join(', ')}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_element':
      return `Invalid value in ${issue.origin}`;
    case 'invalid_union': {
      // A discriminated union names the discriminator values it knows.
      const options: unknown = 'options' in issue ? issue.options : undefined;
      if (Array.isArray(options) && options.length > 0) return `Invalid discriminator value. Expected ${options.map((option) => `'${String(option)}'`).join(' | ')}`;
      return issue.inclusive === false ? 'Invalid input: more than one option matched' : 'Invalid input';
    }
    default:
      return 'Invalid input';
  }
};

/** Installs the texts above; both the API and the web app do it once, at start. */
export function installEnglishValidationMessages(): void {
  config({ localeError: englishMessage });
}
