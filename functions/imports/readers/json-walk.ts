import { getManyValues, none } from 'stream-chain/defs.js';
import Assembler from 'stream-json/assembler.js';
import { jsonParser, type parser } from 'stream-json/parser.js';
import type { OpenText } from '../records.js';

/**
 * A JSON document whose top level is an object of arrays (a Trello board export), walked as a stream of
 * tokens (stream-json): the top-level plain values, the names of its arrays, and each element of the arrays
 * asked for, assembled one at a time. Nothing else is built, so the memory is that of the largest element.
 * The bare tokenizer is fed the decoded chunks directly (no Node stream per token: several times faster).
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

/** The text is not JSON (the tokenizer's error), as against a failure of the text underneath, which passes as it is. */
export class JsonSyntaxError extends Error {}

/** The tokens of the text, a chunk's worth at a time. */
async function* tokensOf(open: OpenText): AsyncGenerator<parser.Token> {
  const tokenizer = jsonParser({ streamValues: false });
  const tokenize = (text: string): parser.Token[] => {
    try {
      const tokens = tokenizer(text);
      return tokens === none ? [] : (getManyValues(tokens) as parser.Token[]);
    } catch (error) {
      throw new JsonSyntaxError(error instanceof Error ? error.message : String(error));
    }
  };
  let first = true;
  for await (const chunk of open()) {
    const text = first ? chunk.replace(/^\uFEFF/, '') : chunk;
    first = false;
    yield* tokenize(text);
  }
  // Called with `none`, the tokenizer flushes what it holds (a number at the very end).
  yield* tokenize(none as unknown as string);
}

export async function* walkTopLevel(open: OpenText, arrays: ReadonlySet<string>): AsyncGenerator<TopLevel> {
  let depth = 0;
  let key = '';
  let wanted = false;
  let assembler: Assembler | undefined;
  for await (const token of tokensOf(open)) {
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
        if (depth === 1) {
          // Only the elements of a top-level array asked for: not the objects inside a top-level object.
          wanted = token.name === 'startArray' && arrays.has(key);
          if (token.name === 'startArray') yield { key, array: true };
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
}
