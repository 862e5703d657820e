import Papa from 'papaparse';

/** A cell: text, a number, a yes/no, or empty (null). */
export type CsvCell = string | number | boolean | null;

/**
 * A cell a spreadsheet would run as a formula: one beginning with `=`, `+`, `-`, `@`, a tab or a carriage
 * return (OWASP's CSV injection list). papaparse's own test for `escapeFormulae: true` ends in `.*$`, which
 * misses such a cell when it holds a line break; this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const OPTIONS = { escapeFormulae: FORMULA_START, newline: '\r\n' } as const;

/**
 * RFC 4180 CSV: comma-separated, CRLF line ends, a cell with a comma, quote or line break quoted (quotes
 * doubled). A text cell that could be read as a formula is prefixed with `'` and quoted, so a spreadsheet
 * shows it as text; numbers and yes/no are written as they are (a negative number is no formula).
 *
 * Made a row at a time, for a file written as it is read: `header()` first, `row()` for each row, `end()`
 * last. Each row is unparsed alone, as papaparse quotes cell by cell, so the pieces make the text one
 * unparse of the whole table would.
 */
export class CsvPieces {
  private rows = 0;

  constructor(private readonly columns: readonly string[]) {}

  header(): string {
    return Papa.unparse([[...this.columns]], OPTIONS);
  }

  row(cells: readonly CsvCell[]): string {
    this.rows += 1;
    return `\r\n${Papa.unparse([[...cells]], OPTIONS)}`;
  }

  /** papaparse ends a table of no rows with a line end after its header. */
  end(): string {
    return this.rows === 0 ? '\r\n' : '';
  }
}
