import { describe, expect, it } from 'vitest';
import { largeCsv, type Produced } from '../../../shared/testing/import-files.js';
import { ImportFileError } from '../records.js';
import { cellAt, columnIndex, guessDelimiter, openCsv, type CsvRow } from './csv-table.js';
import { fixture, openChunks } from './test-helpers.js';

async function rowsOf(text: string, chunk = 37): Promise<{ header: readonly string[]; rows: CsvRow[] }> {
  const table = await openCsv(openChunks(text, chunk));
  const rows: CsvRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return { header: table.header, rows };
}

describe('openCsv', () => {
  it('numbers rows like a spreadsheet (header row 1), keeps a quoted newline in its row and counts the empty line and blank row it leaves out', async () => {
    const { header, rows } = await rowsOf('Title,Notes\r\nFirst,"two\r\nlines"\r\n\r\nSecond,plain\r\n , \r\nThird,\r\n');
    expect(header).toEqual(['Title', 'Notes']);
    expect(rows.map((row) => [row.row, row.cells])).toEqual([
      [2, ['First', 'two\r\nlines']],
      [4, ['Second', 'plain']],
      [6, ['Third', '']],
    ]);
  });

  it('reads CRLF rows when a chunk ends between \\r and \\n', async () => {
    const text = 'Title,Notes\r\n"A ""quoted"" title",x\r\nB,y';
    const cut = text.indexOf('\r\nB') + 1;
    const table = await openCsv(async function* () {
      yield text.slice(0, cut);
      yield text.slice(cut);
    });
    const rows: CsvRow[] = [];
    for await (const row of table.rows) rows.push(row);
    expect(rows.map((row) => row.cells)).toEqual([
      ['A "quoted" title', 'x'],
      ['B', 'y'],
    ]);
  });

  it('reads a file whose lines end in \\r alone', async () => {
    expect((await rowsOf('Title,Notes\rA,b\rC,d\r')).rows.map((row) => row.cells)).toEqual([
      ['A', 'b'],
      ['C', 'd'],
    ]);
  });

  it('drops the BOM and the spaces around the header names, and finds a column ignoring case', async () => {
    const { header } = await rowsOf('\uFEFF Task name ,NOTES\nx,y\n');
    expect(header).toEqual(['Task name', 'NOTES']);
    expect(columnIndex(header, 'Notes')).toBe(1);
    expect(columnIndex(header, 'Task name')).toBe(0);
    expect(columnIndex(header, 'Owner')).toBeUndefined();
  });

  it('keeps a formula, commas, quotes and emoji as text, and reads a missing cell as empty', async () => {
    const { rows } = await rowsOf('A,B,C\n"=SUM(A1:A3)","a, ""b""",🚀\nshort\n');
    const [formula, short] = rows;
    expect(formula?.cells).toEqual(['=SUM(A1:A3)', 'a, "b"', '🚀']);
    expect(short && cellAt(short, 2)).toBe('');
    expect(short && cellAt(short, undefined)).toBe('');
  });

  it('skips only the row with broken quoting and reads every row after it, numbered right', async () => {
    const { rows } = await rowsOf(fixture('broken-quotes.csv'));
    expect(rows.map(({ row, cells, error }) => [row, error ? 'error' : cells])).toEqual([
      [2, ['Good row', 'fine']],
      [3, 'error'],
      [4, ['Next row', 'after']],
    ]);
    expect(rows[1]?.error).toMatch(/quote/i);
  });

  it('reads on at the next line after a quote that is never closed, even when a later quote could close it', async () => {
    const { rows } = await rowsOf('Title,Notes\nA,"open\nB,b\nC,"x",y\nD,d\n');
    expect(rows.map(({ row, cells, error }) => [row, error ? 'error' : cells])).toEqual([
      [2, 'error'],
      [3, ['B', 'b']],
      [4, ['C', 'x', 'y']],
      [5, ['D', 'd']],
    ]);
    const unclosed = await rowsOf('Title,Notes\nA,"open\nB,b\nC,c\n');
    expect(unclosed.rows.map(({ row, cells, error }) => [row, error ?? cells])).toEqual([
      [2, 'broken quoting: a quote is never closed'],
      [3, ['B', 'b']],
      [4, ['C', 'c']],
    ]);
  });

  it('skips a row over 1 MB, and a stray quote in a 5 MB file of one line holds neither the file nor the time', async () => {
    const long = 'x'.repeat(1_100_000);
    const { rows } = await rowsOf(`Title\n${long}\nAfter\n`, 65_536);
    expect(rows.map(({ row, cells, error }) => [row, error ?? cells])).toEqual([
      [2, 'the row is too long (over 1 MB)'],
      [3, ['After']],
    ]);
    const stray = await rowsOf(`Title,Notes\nA,"${'y'.repeat(5_000_000)}\nB,b\n`, 65_536);
    expect(stray.rows.map(({ row, cells, error }) => [row, error ? 'error' : cells])).toEqual([
      [2, 'error'],
      [3, ['B', 'b']],
    ]);
  });

  it('reads a semicolon CSV (the delimiter is guessed) and a one-column CSV', async () => {
    expect((await rowsOf('Title;Notes\nA;b\n')).rows[0]?.cells).toEqual(['A', 'b']);
    const single = await rowsOf('Title\nOnly\nTwo\n');
    expect(single.rows.map((row) => row.cells)).toEqual([['Only'], ['Two']]);
    expect(single.rows.every((row) => !row.error)).toBe(true);
  });

  it.each([
    ['Title,Notes', ','],
    ['Title;Notes;"Due, date"', ';'],
    ['Title\tNotes', '\t'],
    ['Title|Notes', '|'],
    ['"Title, with a comma"', ','],
    ['Title', ','],
  ])('guesses the delimiter of the header %j as %j', (header, delimiter) => {
    expect(guessDelimiter(header)).toBe(delimiter);
  });

  it('refuses an empty file, a binary file and a first row that cannot be read', async () => {
    await expect(openCsv(openChunks(''))).rejects.toThrow(new ImportFileError('The file is empty: a CSV needs a header row with the names of its columns.'));
    await expect(openCsv(openChunks('\n\n'))).rejects.toThrow(ImportFileError);
    await expect(openCsv(openChunks('PK\u0003\u0004\u0000\u0000,x\n'))).rejects.toThrow('This file is not a CSV: it is not text.');
    await expect(openCsv(openChunks('"Title,Notes\nA,b\n'))).rejects.toThrow(/^This file is not a CSV: its first row cannot be read/);
  });

  it('passes on a failure of the text underneath as it is, after the rows before it (our error, not a refused file)', async () => {
    const reset = new Error('socket hang up');
    const failing = async function* () {
      yield 'Title\nA\n';
      throw reset;
    };
    const table = await openCsv(failing);
    const read: string[] = [];
    await expect(async () => {
      for await (const row of table.rows) read.push(row.cells[0] ?? '');
    }).rejects.toBe(reset);
    expect(read).toEqual(['A']);
  });

  it('streams 100,000 rows in order: yields the first row long before the text has been read, and never runs more than a few hundred rows ahead', async () => {
    const produced: Produced = { rows: 0, done: false };
    const table = await openCsv(() => largeCsv(100_000, produced));
    let read = 0;
    let furthestAhead = 0;
    let producedAtFirst = -1;
    for await (const row of table.rows) {
      read += 1;
      if (read === 1) producedAtFirst = produced.rows;
      furthestAhead = Math.max(furthestAhead, produced.rows - read);
      // Not a row lost or read twice across the parser's pauses.
      if (row.row !== read + 1 || row.cells[0] !== `Task ${read} 🚀`) throw new Error(`row ${row.row}: ${row.cells[0]}`);
    }
    expect(read).toBe(100_000);
    expect(produced.done).toBe(true);
    expect(producedAtFirst).toBeLessThan(1_000);
    // The parser pauses at 256 waiting rows; the generator makes 100 rows a chunk, and the stream holds a few chunks.
    expect(furthestAhead).toBeLessThan(2_000);
  }, 60_000);

  it('stops reading the text when the reader is left early', async () => {
    const produced: Produced = { rows: 0, done: false };
    const table = await openCsv(() => largeCsv(100_000, produced));
    for await (const row of table.rows) if (row.row > 10) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced.done).toBe(false);
    expect(produced.rows).toBeLessThan(2_000);
  });
});
