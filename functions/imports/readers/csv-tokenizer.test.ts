import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvTokenizer, type CsvRecord } from './csv-tokenizer.js';

function tokenize(text: string, newline: string, chunk: number): CsvRecord[] {
  const tokenizer = new CsvTokenizer(',', newline);
  const records: CsvRecord[] = [];
  for (let start = 0; start < text.length; start += chunk) records.push(...tokenizer.push(text.slice(start, start + chunk)));
  records.push(...tokenizer.push('', true));
  return records;
}

describe('CsvTokenizer', () => {
  it('reads the same records whatever the chunks, broken quotes and stray line breaks included', () => {
    const text = fc.array(fc.constantFrom('a', 'b', ',', '"', '""', '\n', '\r', '\r\n', ' '), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('\n', '\r\n', '\r'), fc.integer({ min: 1, max: 8 }), (csv, newline, chunk) => {
        expect(tokenize(csv, newline, chunk)).toEqual(tokenize(csv, newline, Math.max(1, csv.length)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('ends the last record at the end of the text, with or without a line break, and keeps an empty last cell', () => {
    expect(tokenize('a,"b"\r\nc,', '\r\n', 3)).toEqual([{ cells: ['a', 'b'] }, { cells: ['c', ''] }]);
    expect(tokenize('"x""y"', '\n', 1)).toEqual([{ cells: ['x"y'] }]);
  });
});
