import { ImportFileError, type OpenText } from '../records.js';
import { CsvTokenizer, type CsvRecord } from './csv-tokenizer.js';

/**
 * A CSV read as a stream of rows (csv-tokenizer.ts over the decoded text), shared by the Todoist, Asana and
 * generic CSV readers. Rows are numbered like a spreadsheet: the header is row 1, a quoted newline stays in its row.
 * Cells are text as written (no typing, so a formula like `=SUM(A1)` stays text); the header's BOM and spaces
 * around its names are dropped; the delimiter and the line break are read from the header line. Rows are read
 * as they are asked for: only one chunk's rows wait in memory.
 */

export interface CsvRow {
  /** 1-based, the header being row 1. */
  readonly row: number;
  readonly cells: readonly string[];
  /** Why the row cannot be read (broken quoting, too long): the row is skipped with it. */
  readonly error?: string;
}

export interface CsvTable {
  readonly header: readonly string[];
  /** The data rows after the header; empty lines and blank rows are left out (they still count in the numbering). */
  readonly rows: AsyncIterable<CsvRow>;
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter of a CSV by its header line: the candidate found most often outside quotes, else a comma.
 */
export function guessDelimiter(headerLine: string): string {
  const outsideQuotes = headerLine.replace(/"[^"]*"/g, '');
  const counts = DELIMITERS.map((delimiter) => outsideQuotes.split(delimiter).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ',' : (DELIMITERS[counts.indexOf(best)] ?? ',');
}

/** How the first line ends, read far enough that a chunk ending between \r and \n is not taken for \r. */
function newlineOf(start: string): '\r\n' | '\n' | '\r' {
  const end = start.search(/\r\n|\n|\r(?!$)/);
  if (end < 0 || start[end] === '\n') return '\n';
  return start[end + 1] === '\n' ? '\r\n' : '\r';
}

/** The text as it was, read far enough to see its first line, and how the file separates cells and rows. */
async function sniff(open: OpenText, given: string | undefined): Promise<{ text: AsyncIterable<string>; delimiter: string; newline: '\r\n' | '\n' | '\r' }> {
  const chunks = open()[Symbol.asyncIterator]();
  let start = '';
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    start += next.value;
    if (start.includes('\n') || start.length > 1_000_000) break;
  }
  async function* text() {
    try {
      yield start;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      await chunks.return?.();
    }
  }
  const firstLine = start.split(/\r?\n|\r/, 1)[0] ?? '';
  return { text: text(), delimiter: given ?? guessDelimiter(firstLine), newline: newlineOf(start) };
}

/** Every record of the text, header included, in order, read as the caller asks for them. */
async function* csvRecords(open: OpenText, given: string | undefined): AsyncGenerator<CsvRow> {
  const { text, delimiter, newline } = await sniff(open, given);
  const tokenizer = new CsvTokenizer(delimiter, newline);
  let row = 0;
  const numbered = (records: readonly CsvRecord[]) => records.map((record) => ({ row: (row += 1), ...record }));
  // A failure of the text underneath (a reset S3 stream) passes as it is: the worker fails the run as its own error, not the file's.
  for await (const chunk of text) yield* numbered(tokenizer.push(chunk));
  yield* numbered(tokenizer.push('', true));
}

/** An empty line, or a row of empty cells (`,,,`: what a spreadsheet writes for a blank row). */
const isEmptyLine = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Opens the CSV: reads its header (the first row that is not empty) and gives the rows after it.
 * A file that is empty, binary, or whose header cannot be read is not a CSV: ImportFileError.
 */
export async function openCsv(open: OpenText, options: { readonly delimiter?: string } = {}): Promise<CsvTable> {
  const records = csvRecords(open, options.delimiter);
  let first = await records.next();
  while (!first.done && !first.value.error && isEmptyLine(first.value.cells)) first = await records.next();
  if (first.done) throw new ImportFileError('The file is empty: a CSV needs a header row with the names of its columns.');
  if (first.value.error) {
    await records.return(undefined);
    throw new ImportFileError(`This file is not a CSV: its first row cannot be read (${first.value.error}).`);
  }
  const header = first.value.cells.map((name, index) => (index === 0 ? name.replace(/^\uFEFF/, '') : name).trim());
  if (header.some((name) => name.includes('\u0000'))) {
    await records.return(undefined);
    throw new ImportFileError('This file is not a CSV: it is not text.');
  }
  async function* rows(): AsyncGenerator<CsvRow> {
    for await (const record of records) if (record.error || !isEmptyLine(record.cells)) yield record;
  }
  return { header, rows: rows() };
}

/** The index of a column by its header: exactly as written, else ignoring case. */
export function columnIndex(header: readonly string[], name: string): number | undefined {
  const exact = header.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  const loose = header.findIndex((found) => found.toLowerCase() === wanted);
  return loose >= 0 ? loose : undefined;
}

/** A row's cell, trimmed, its line breaks as \n; '' when the column is missing or the row is short. */
export const cellAt = (row: CsvRow, index: number | undefined): string => (index === undefined ? '' : (row.cells[index] ?? '').replace(/\r\n?/g, '\n').trim());

/** `where` of a row in the preview and report. */
export const rowWhere = (row: CsvRow): string => `row ${row.row}`;
