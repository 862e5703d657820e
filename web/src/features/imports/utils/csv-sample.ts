/** A CSV's header and first rows, read in the browser for the mapping step. */
export interface CsvSample {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** How many rows after the header the mapping step shows. */
export const SAMPLE_ROWS = 5;

export const CSV_WITHOUT_HEADER = 'The file has no header row: its first line must name the columns.';
export const CSV_UNREADABLE = 'The file could not be read as a CSV.';

/** The sample from the parser's first rows (the header and up to SAMPLE_ROWS more); blank headers' columns are left out. */
export function csvSampleOf(rows: readonly (readonly string[])[]): CsvSample {
  const [header = [], ...rest] = rows;
  const columns = header.map((name, index) => ({ name: name.trim(), index })).filter((column) => column.name !== '');
  if (columns.length === 0) throw new Error(CSV_WITHOUT_HEADER);
  return {
    headers: columns.map((column) => column.name),
    rows: rest.slice(0, SAMPLE_ROWS).map((row) => columns.map((column) => row[column.index] ?? '')),
  };
}
