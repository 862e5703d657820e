import { describe, expect, it } from 'vitest';
import { jsonSections, NOT_AN_OBJECT, NOT_JSON } from './json-sections.js';
import { ImportFileError, type OpenText } from './records.js';

/** The text in chunks of `size` characters (tokens cut between chunks). */
const textOf =
  (text: string, size = 7): OpenText =>
  async function* () {
    for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
  };

async function all(open: OpenText, wanted: string[]) {
  const values = [];
  for await (const value of jsonSections(open, new Set(wanted))) values.push(value);
  return values;
}

describe('jsonSections: a JSON document read by top-level key, array elements one at a time', () => {
  it('yields the wanted keys only, in document order, elements with their index, scalars and objects whole', async () => {
    const document = JSON.stringify({ format: 'x', skip: [{ a: [1, { b: 2 }] }], tasks: [{ id: 't1', tags: ['a'] }, 3, null, [1]], workspace: { id: 'w' }, version: 1 });
    expect(await all(textOf(document), ['format', 'tasks', 'workspace', 'version'])).toEqual([
      { section: 'format', value: 'x' },
      { section: 'tasks', value: { id: 't1', tags: ['a'] }, index: 0 },
      { section: 'tasks', value: 3, index: 1 },
      { section: 'tasks', value: null, index: 2 },
      { section: 'tasks', value: [1], index: 3 },
      { section: 'workspace', value: { id: 'w' } },
      { section: 'version', value: 1 },
    ]);
  });

  it('refuses text that is not JSON, or JSON that is not an object, with an ImportFileError', async () => {
    await expect(all(textOf('{"tasks": [1, 2'), ['tasks'])).rejects.toThrow(new ImportFileError(NOT_JSON));
    await expect(all(textOf('Title,Owner\n'), ['tasks'])).rejects.toThrow(ImportFileError);
    await expect(all(textOf('[1, 2]'), ['tasks'])).rejects.toThrow(new ImportFileError(NOT_AN_OBJECT));
  });

  it('stops reading when the consumer stops (a format check reads the head only)', async () => {
    let chunks = 0;
    const open: OpenText = async function* () {
      yield '{"format": "taskflow", "tasks": [';
      for (let index = 0; index < 10_000; index += 1) {
        chunks += 1;
        yield `${index === 0 ? '' : ','}{"id": "${index}"}`;
      }
      yield ']}';
    };
    for await (const value of jsonSections(open, new Set(['format']))) {
      expect(value).toEqual({ section: 'format', value: 'taskflow' });
      break;
    }
    expect(chunks).toBeLessThan(10_000);
  });
});
