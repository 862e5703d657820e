import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, NotAnObject, walkTopLevel, type TopLevel } from './json-walk.js';
import { openChunks } from './test-helpers.js';

async function walk(text: string, arrays: string[]): Promise<TopLevel[]> {
  const entries: TopLevel[] = [];
  for await (const entry of walkTopLevel(openChunks(text, 5), new Set(arrays))) entries.push(entry);
  return entries;
}

describe('walkTopLevel', () => {
  it('gives the top-level values, the arrays’ names and each element of the arrays asked for, nothing from inside other values', async () => {
    const text = '\uFEFF{"name":"B","count":3,"closed":false,"desc":null,"cards":[{"id":"c1","x":{"y":[1]}},2,{"id":"c2"}],"prefs":{"a":{"b":1},"list":[{"z":1}]},"lists":[{"id":"l1"}]}';
    expect(await walk(text, ['cards'])).toEqual([
      { key: 'name', value: 'B' },
      { key: 'count', value: 3 },
      { key: 'closed', value: false },
      { key: 'desc', value: null },
      { key: 'cards', array: true },
      { key: 'cards', item: { id: 'c1', x: { y: [1] } } },
      { key: 'cards', item: { id: 'c2' } },
      { key: 'lists', array: true },
    ]);
  });

  it('refuses a document that is not an object at its top level', async () => {
    await expect(walk('[{"id":1}]', [])).rejects.toThrow(NotAnObject);
    await expect(walk('42', [])).rejects.toThrow(NotAnObject);
  });

  it('passes on the tokenizer’s error for text that is not JSON', async () => {
    await expect(walk('{"name": nope}', [])).rejects.toThrow(JsonSyntaxError);
  });

  it('passes on a failure of the text underneath as it is, not as a JSON error', async () => {
    const reset = new Error('socket hang up');
    const failing = async function* () {
      yield '{"name": "Board", ';
      throw reset;
    };
    const entries: unknown[] = [];
    await expect(async () => {
      for await (const entry of walkTopLevel(failing, new Set())) entries.push(entry);
    }).rejects.toBe(reset);
    expect(entries).toEqual([{ key: 'name', value: 'Board' }]);
  });
});
