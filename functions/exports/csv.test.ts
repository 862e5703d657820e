import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CsvPieces, type CsvCell } from './csv.js';

const parsed = (csv: string): string[][] => Papa.parse<string[]>(csv, { newline: '\r\n' }).data;

/** A table's text, made as an export makes it: a row at a time. */
const toCsv = (columns: string[], rows: CsvCell[][]): string => {
  const csv = new CsvPieces(columns);
  return [csv.header(), ...rows.map((row) => csv.row(row)), csv.end()].join('');
};

describe('CsvPieces', () => {
  it('writes a header and rows with CRLF line ends, empty cells for null', () => {
    expect(toCsv(['a', 'b'], [['x', null], ['y', 2]])).toBe('a,b\r\nx,\r\ny,2');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    const csv = toCsv(['text'], [['one, two'], ['say "hi"'], ['line\nbreak']]);
    expect(csv).toBe('text\r\n"one, two"\r\n"say ""hi"""\r\n"line\nbreak"');
    expect(parsed(csv).slice(1)).toEqual([['one, two'], ['say "hi"'], ['line\nbreak']]);
  });

  it.each(['=1+1', '+49 30 1234', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', '=HYPERLINK("http://x")\nsecond line'])(
    'escapes %j so a spreadsheet shows it as text',
    (cell) => {
      const csv = toCsv(['cell'], [[cell]]);
      const [, row] = parsed(csv);
      expect(row?.[0]).toBe(`'${cell}`);
    },
  );

  it('leaves numbers, yes/no and text that only holds a formula character later alone', () => {
    expect(toCsv(['n', 'flag', 'text'], [[-5, true, 'a=b']])).toBe('n,flag,text\r\n-5,true,a=b');
  });
});

describe('CsvPieces, a row at a time', () => {
  it.each([
    ['no rows', [] as CsvCell[][]],
    ['one row', [['x', null]]],
    ['rows that need quoting and escaping', [['=1+1', 'a,b'], ['say "hi"', 'line\nbreak'], [-5, true], [null, null]]],
  ])('writes the text of one papaparse unparse of the whole table (%s)', (_name, rows) => {
    const whole = Papa.unparse({ fields: ['a', 'b'], data: rows }, { escapeFormulae: /^[=+\-@\t\r]/, newline: '\r\n' });
    expect(toCsv(['a', 'b'], rows)).toBe(whole);
  });
});
