import { describe, expect, it } from 'vitest';
import { fileStem, isoMoment, labelBook, listOf, personOf, plainDate, priorityWord, spreadsheetDate, statusWord } from './values.js';

describe('the readers’ values', () => {
  it.each([
    ['2026-05-01', '2026-05-01'],
    ['2026/5/1', '2026-05-01'],
    ['2026-05-01T10:00:00Z', '2026-05-01'],
    ['2026-05-01 10:00', '2026-05-01'],
    ['2026-02-30', undefined],
    ['2026-13-01', undefined],
    ['every monday', undefined],
    ['tomorrow', undefined],
    ['', undefined],
  ])('plainDate(%j) → %j', (text, date) => {
    expect(plainDate(text)).toBe(date);
  });

  it.each([
    ['2026-05-03', '2026-05-03'],
    ['05/03/2026', '2026-05-03'],
    ['3 May 2026', '2026-05-03'],
    ['May 3, 2026', '2026-05-03'],
    ['next friday', undefined],
    ['May 3', undefined],
    ['2026-13-45', undefined],
    ['soon', undefined],
  ])('spreadsheetDate(%j) → %j', (text, date) => {
    expect(spreadsheetDate(text)).toBe(date);
  });

  it('reads a moment as ISO, a plain date as its midnight UTC', () => {
    expect(isoMoment('2026-01-10')).toBe('2026-01-10T00:00:00.000Z');
    expect(isoMoment('2024-01-12T10:15:00.000Z')).toBe('2024-01-12T10:15:00.000Z');
    expect(isoMoment('yesterday')).toBeUndefined();
  });

  it.each([
    ['Done', 'completed'],
    ['complete', 'completed'],
    ['Closed', 'completed'],
    ['YES', 'completed'],
    ['In progress', 'in_progress'],
    ['in_progress', 'in_progress'],
    ['doing', 'in_progress'],
    ['To do', 'todo'],
    ['open', 'todo'],
    ['blocked', undefined],
  ])('statusWord(%j) → %j', (word, status) => {
    expect(statusWord(word)).toBe(status);
  });

  it.each([
    ['High', 'high'],
    ['urgent', 'high'],
    ['P2', 'medium'],
    ['normal', 'medium'],
    ['low', 'low'],
    ['whatever', undefined],
  ])('priorityWord(%j) → %j', (word, priority) => {
    expect(priorityWord(word)).toBe(priority);
  });

  it('reads a person from a name, an address or both', () => {
    expect(personOf('Ana Lima <Ana@Example.com>')).toEqual({ name: 'Ana Lima', email: 'ana@example.com' });
    expect(personOf('bruno@example.com')).toEqual({ email: 'bruno@example.com' });
    expect(personOf('Carla')).toEqual({ name: 'Carla' });
    expect(personOf('Carla', 'carla@example.com')).toEqual({ name: 'Carla', email: 'carla@example.com' });
    expect(personOf('  ')).toBeUndefined();
    expect(personOf('Ana <not an address>')).toEqual({ name: 'Ana' });
    expect(personOf('a <b> <c@d.io>')).toEqual({ name: 'a <b>', email: 'c@d.io' });
  });

  it('reads a 100,000-character cell as a plain name cut to the app’s limit, without slow matching', () => {
    const long = 'x'.repeat(100_000);
    expect(personOf(`a${' '.repeat(100_000)}b`)).toEqual({ name: 'a' });
    expect(personOf(`a@${long}.`)).toEqual({ name: `a@${'x'.repeat(98)}` });
    expect(personOf(`Ana <${long}>`)).toEqual({ name: `Ana <${'x'.repeat(95)}` });
    expect(personOf('Ana', `a@${'b.'.repeat(50_000)}`)).toEqual({ name: 'Ana' });
  });

  it('splits a list on commas and semicolons, each name once whatever its case', () => {
    expect(listOf('bug, UI; bug ;;urgent')).toEqual(['bug', 'UI', 'urgent']);
    expect(listOf('')).toEqual([]);
  });

  it('names a project after the file without its extension', () => {
    expect(fileStem('Trip plan.csv')).toBe('Trip plan');
    expect(fileStem('archive.2026.csv')).toBe('archive.2026');
    expect(fileStem(undefined)).toBe('Imported tasks');
  });

  it('gives a label’s record the first time its name is met, whatever the case, and its key every time', () => {
    const labels = labelBook();
    expect(labels.take('Bug')).toEqual({ key: 'label:bug', record: { kind: 'label', key: 'label:bug', name: 'Bug' } });
    expect(labels.take('bug ')).toEqual({ key: 'label:bug' });
  });
});
