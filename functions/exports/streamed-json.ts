/**
 * The text of `JSON.stringify(document, null, 2)` and a line end, written as the document is read: its
 * first fields whole, then each list element by element, so a document of any size is never one string.
 * Each element is stringified alone and indented as it would be inside the whole (JSON text holds no line
 * break but between its tokens, so indenting is adding spaces after each), giving the same bytes.
 */

const text = (value: unknown, indent: string): string => (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);

export async function* streamedJson(head: Readonly<Record<string, unknown>>, lists: readonly (readonly [string, () => AsyncIterable<unknown>])[]): AsyncGenerator<string> {
  const fields = Object.entries(head).filter(([, value]) => value !== undefined);
  let first = true;
  const key = (name: string): string => {
    const before = first ? '{\n' : ',\n';
    first = false;
    return `${before}  ${JSON.stringify(name)}: `;
  };
  for (const [name, value] of fields) yield `${key(name)}${text(value, '  ')}`;
  for (const [name, list] of lists) {
    yield `${key(name)}[`;
    let empty = true;
    for await (const element of list()) {
      yield `${empty ? '\n' : ',\n'}    ${text(element, '    ')}`;
      empty = false;
    }
    yield empty ? ']' : '\n  ]';
  }
  yield first ? '{}\n' : '\n}\n';
}
