/**
 * A CSV tokenizer fed text in chunks (RFC 4180: a quote is special only at the start of a cell, `""` is a quote
 * inside a quoted cell). Unlike papaparse it never lets a broken quote swallow the rows after it: a quoted cell
 * that goes on after its closing quote, is never closed, or grows past MAX_RECORD costs only its own row, and
 * reading goes on at the next line after the opening quote (else after the broken line). It holds at most about
 * one record (≤ MAX_RECORD) of text, so no cell can grow without bound.
 */

/** The longest record read: a longer one is skipped. */
export const MAX_RECORD = 1_000_000;

export const CSV_REASONS = {
  badQuote: 'broken quoting: a quoted cell goes on after its closing quote',
  unclosed: 'broken quoting: a quote is never closed',
  tooLong: 'the row is too long (over 1 MB)',
} as const;

export interface CsvRecord {
  readonly cells: string[];
  readonly error?: string;
}

export class CsvTokenizer {
  /** The text from the start of the current record (when skipping, from where the skip has got to). */
  private buffer = '';
  private pos = 0;
  private cells: string[] = [];
  /** The quoted cell's text read so far, up to `segment`. */
  private field = '';
  /** Where the current cell's text not yet taken starts. */
  private segment = 0;
  private atCellStart = true;
  /** The opening quote of the cell being read, -1 outside quotes. */
  private quoteAt = -1;
  /** Skipping the rest of a broken line, up to its line break. */
  private skipping = false;

  constructor(
    private readonly delimiter: string,
    private readonly newline: string,
  ) {}

  /** The records this chunk of text completes (with `final`, all of the rest). */
  push(chunk: string, final = false): CsvRecord[] {
    this.buffer += chunk;
    const out: CsvRecord[] = [];
    while (this.step(out, final));
    if (final && !this.skipping && this.buffer.length > 0) {
      this.cells.push(this.buffer.slice(this.segment));
      this.pos = this.buffer.length;
      this.endRecord(out);
    }
    return out;
  }

  /** Reads on; false when more text is needed (or the text has ended). */
  private step(out: CsvRecord[], final: boolean): boolean {
    const { buffer, delimiter, newline } = this;
    if (this.skipping) {
      const end = buffer.indexOf(newline, this.pos);
      if (end >= 0) {
        this.skipping = false;
        this.reset(end + newline.length);
        return true;
      }
      this.reset(final ? buffer.length : Math.max(0, buffer.length - newline.length + 1));
      this.skipping = !final;
      return false;
    }
    if (this.pos > MAX_RECORD) return this.broken(out, CSV_REASONS.tooLong);
    if (this.quoteAt >= 0) {
      const quote = buffer.indexOf('"', this.pos);
      if (quote < 0) {
        this.pos = buffer.length;
        return final ? this.broken(out, CSV_REASONS.unclosed) : false;
      }
      if (quote + 1 < buffer.length && buffer[quote + 1] === '"') {
        this.field += buffer.slice(this.segment, quote + 1);
        this.pos = this.segment = quote + 2;
        return true;
      }
      const after = quote + 1;
      const rest = buffer.slice(after, after + Math.max(delimiter.length, newline.length));
      const couldGrow = (token: string) => rest.length < token.length && token.startsWith(rest);
      if (!final && (couldGrow(delimiter) || couldGrow(newline) || rest === '')) {
        this.pos = quote;
        return false;
      }
      const value = this.field + buffer.slice(this.segment, quote);
      if (after === buffer.length || buffer.startsWith(newline, after)) {
        this.cells.push(value);
        this.pos = Math.min(buffer.length, after + newline.length);
        this.endRecord(out);
        return true;
      }
      if (!buffer.startsWith(delimiter, after)) {
        this.pos = after;
        return this.broken(out, CSV_REASONS.badQuote);
      }
      this.endCell(value, after + delimiter.length);
      return true;
    }
    if (this.pos >= buffer.length) return false;
    if (this.atCellStart && buffer[this.pos] === '"') {
      this.quoteAt = this.pos;
      this.atCellStart = false;
      this.field = '';
      this.pos = this.segment = this.pos + 1;
      return true;
    }
    this.atCellStart = false;
    const nextDelimiter = buffer.indexOf(delimiter, this.pos);
    const nextLine = buffer.indexOf(newline, this.pos);
    if (nextLine >= 0 && (nextDelimiter < 0 || nextLine < nextDelimiter)) {
      this.cells.push(buffer.slice(this.segment, nextLine));
      this.pos = nextLine + newline.length;
      this.endRecord(out);
      return true;
    }
    if (nextDelimiter >= 0) {
      this.endCell(buffer.slice(this.segment, nextDelimiter), nextDelimiter + delimiter.length);
      return true;
    }
    // A line break may be cut between chunks (\r | \n): look again from its first part.
    this.pos = Math.max(this.pos, buffer.length - newline.length + 1);
    return false;
  }

  /** The record is skipped; reading goes on at the line after its opening quote if there is one, else after this line. */
  private broken(out: CsvRecord[], error: string): boolean {
    out.push({ cells: [], error });
    const lineInQuote = this.quoteAt >= 0 ? this.buffer.indexOf(this.newline, this.quoteAt) : -1;
    if (lineInQuote >= 0 && lineInQuote < this.pos) {
      this.reset(lineInQuote + this.newline.length);
      return true;
    }
    this.reset(this.pos);
    this.skipping = true;
    return true;
  }

  private endCell(value: string, next: number): void {
    this.cells.push(value);
    this.field = '';
    this.quoteAt = -1;
    this.pos = this.segment = next;
    this.atCellStart = true;
  }

  /** The record ends at `pos` (after its line break); one longer than MAX_RECORD is skipped. */
  private endRecord(out: CsvRecord[]): void {
    out.push(this.pos > MAX_RECORD + this.newline.length ? { cells: [], error: CSV_REASONS.tooLong } : { cells: this.cells });
    this.reset(this.pos);
  }

  /** A new record starts at `at`. */
  private reset(at: number): void {
    this.buffer = this.buffer.slice(at);
    this.cells = [];
    this.field = '';
    this.pos = this.segment = 0;
    this.atCellStart = true;
    this.quoteAt = -1;
  }
}
