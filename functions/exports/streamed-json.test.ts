import { describe, expect, it } from 'vitest';
import { streamedJson } from './streamed-json.js';

async function* each(items: readonly unknown[]): AsyncGenerator<unknown> {
  yield* items;
}

async function text(head: Record<string, unknown>, lists: Record<string, readonly unknown[]>): Promise<string> {
  let written = '';
  for await (const piece of streamedJson(head, Object.entries(lists).map(([name, items]) => [name, () => each(items)] as const))) written += piece;
  return written;
}

describe('streamedJson', () => {
  it.each([
    ['a head and lists', { format: 'x', n: 1, nested: { a: [1, { b: [] }], c: {} } }, { one: [{ id: 'a' }], none: [], more: [[1, [2]], 'line\nbreak "quoted"', null, { deep: { deeper: [{}] } }] }],
    ['text beyond ASCII and characters JSON escapes', { name: 'Überall 😀 \u2028 \t' }, { items: [{ body: '\\ \u0000 </script>' }] }],
    ['no head', {}, { only: [1, 2] }],
    ['nothing at all', {}, {}],
  ] as const)('writes the bytes of JSON.stringify(document, null, 2) and a line end (%s)', async (_what, head, lists) => {
    expect(await text(head, lists)).toBe(`${JSON.stringify({ ...head, ...lists }, null, 2)}\n`);
  });

  it('leaves out a head field that is undefined, as JSON.stringify does', async () => {
    expect(await text({ kept: 1, gone: undefined }, { list: [] })).toBe(`${JSON.stringify({ kept: 1, list: [] }, null, 2)}\n`);
  });
});
