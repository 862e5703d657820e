import { Readable } from 'node:stream';
import { parser } from 'stream-json';
import Assembler from 'stream-json/assembler.js';
import type { Token } from 'stream-json/parser.js';
import { ImportFileError, type OpenText } from './records.js';

/**
 * A JSON document read as a stream (issue 39): the values under some of its top-level keys, each element of
 * an array one at a time (never the whole array), in the document's order. Only the element being read is
 * held, so a file of any size reads in little memory.
 */

export interface SectionValue {
  /** The top-level key the value is under. */
  readonly section: string;
  /** For an array, one element (`index` its position); else the key's whole value. */
  readonly value: unknown;
  readonly index?: number;
}

export const NOT_JSON = 'The file is not valid JSON';
export const NOT_AN_OBJECT = 'The file does not hold a JSON object';

const valueStarts = new Set<Token['name']>(['startObject', 'startArray', 'stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

export async function* jsonSections(open: OpenText, wanted: ReadonlySet<string>): AsyncGenerator<SectionValue> {
  const tokens = Readable.from(open()).pipe(parser.asStream({ streamValues: false }));
  let depth = 0;
  let key = '';
  let inWantedArray = false;
  let index = 0;
  let assembling: { assembler: Assembler; index?: number } | undefined;
  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      if (!assembling) {
        if (depth === 0) {
          if (token.name !== 'startObject') throw new ImportFileError(NOT_AN_OBJECT);
          depth = 1;
          continue;
        }
        if (depth === 1 && token.name === 'keyValue') {
          key = String(token.value);
          continue;
        }
        const startsValue = valueStarts.has(token.name);
        // A wanted key's array is entered (its elements are read one by one); any other wanted value is read whole.
        if (depth === 1 && startsValue && wanted.has(key) && token.name !== 'startArray') assembling = { assembler: new Assembler() };
        else if (depth === 2 && inWantedArray && startsValue) assembling = { assembler: new Assembler(), index: index++ };
        else {
          if (token.name === 'startObject' || token.name === 'startArray') {
            if (depth === 1 && token.name === 'startArray' && wanted.has(key)) {
              inWantedArray = true;
              index = 0;
            }
            depth += 1;
          } else if (token.name === 'endObject' || token.name === 'endArray') {
            depth -= 1;
            if (depth === 1) inWantedArray = false;
          }
          continue;
        }
      }
      // An Assembler is done once the value it began is complete (at once for a scalar).
      if (assembling.assembler.consume(token).done) {
        yield { section: key, value: assembling.assembler.current, ...(assembling.index === undefined ? {} : { index: assembling.index }) };
        assembling = undefined;
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(NOT_JSON);
  } finally {
    tokens.destroy();
  }
}
