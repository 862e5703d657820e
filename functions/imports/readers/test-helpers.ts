import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ImportReader, ImportRecord, OpenText } from '../records.js';

/** For the readers' tests: the hand-written files of tests/fixtures/imports, fed in small chunks. */

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/imports/', import.meta.url));

export const fixture = (name: string): string => readFileSync(`${FIXTURES}${name}`, 'utf8');

/** The text as a stream of `size`-character chunks, so a row or a token is cut between chunks. */
export const openChunks =
  (text: string, size = 37): OpenText =>
  async function* chunks() {
    for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
  };

export async function readAll(reader: ImportReader, open: OpenText): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of reader(open)) records.push(record);
  return records;
}

/** The records of one kind. */
export const ofKind = <K extends ImportRecord['kind']>(records: readonly ImportRecord[], kind: K) =>
  records.filter((record): record is Extract<ImportRecord, { kind: K }> => record.kind === kind);
