import { pipeline, Readable } from 'node:stream';
import { parser } from 'stream-json';
import Assembler from 'stream-json/assembler.js';
import type { OpenText } from '../records.js';

/**
 * A JSON document whose top level is an object of arrays (a Trello board export), walked as a stream of
 * tokens (stream-json): the top-level plain values, the names of its arrays, and each element of the arrays
 * asked for, assembled one at a time. Nothing else is built, so the memory is that of the largest element.
 */

export type TopLevel =
  /** A plain top-level value (`"name": "Roadmap"`). */
  | { readonly key: string; readonly value: unknown }
  /** A top-level array begins (whether or not its elements are asked for). */
  | { readonly key: string; readonly array: true }
  /** An element of a top-level array asked for. */
  | { readonly key: string; readonly item: unknown };

/** The document is not an object at its top level (an array, a number…). */
export class NotAnObject extends Error {}

export async function* walkTopLevel(open: OpenText, arrays: ReadonlySet<string>): AsyncGenerator<TopLevel> {
  const tokens = parser.asStream({ streamValues: false });
  // The pipeline passes a failure of the source (a decoding error) on to the tokens, which then throw.
  pipeline(Readable.from(open()), tokens, () => undefined);
  let depth = 0;
  let key = '';
  let wanted = false;
  let assembler: Assembler | undefined;
  try {
    for await (const token of tokens as AsyncIterable<parser.Token>) {
      if (assembler) {
        assembler.consume(token);
        if (assembler.done) {
          yield { key, item: assembler.current };
          assembler = undefined;
        }
        continue;
      }
      switch (token.name) {
        case 'startObject':
        case 'startArray':
          if (depth === 0 && token.name !== 'startObject') throw new NotAnObject();
          if (depth === 1 && token.name === 'startArray') {
            wanted = arrays.has(key);
            yield { key, array: true };
          }
          if (depth === 2 && wanted && token.name === 'startObject') {
            assembler = new Assembler();
            assembler.consume(token);
            continue;
          }
          depth += 1;
          break;
        case 'endObject':
        case 'endArray':
          depth -= 1;
          break;
        case 'keyValue':
          if (depth === 1) key = token.value;
          break;
        case 'stringValue':
        case 'nullValue':
        case 'trueValue':
        case 'falseValue':
          if (depth === 0) throw new NotAnObject();
          if (depth === 1) yield { key, value: token.value };
          break;
        case 'numberValue':
          if (depth === 0) throw new NotAnObject();
          if (depth === 1) yield { key, value: Number(token.value) };
          break;
        default:
          break;
      }
    }
  } finally {
    tokens.destroy();
  }
}
