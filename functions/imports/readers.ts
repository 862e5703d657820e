import type { CsvMapping, ImportSource } from '../../shared/schemas/import.js';
import type { ImportReader } from './records.js';
import { asanaReader } from './readers/asana.js';
import { csvReader } from './readers/csv.js';
import { todoistReader } from './readers/todoist.js';
import { trelloReader } from './readers/trello.js';
import { readTaskflowExport } from './taskflow-reader.js';

/** What a reader may need besides the file: its name names the project of a file that has none (Todoist, a CSV). */
export interface ReaderOptions {
  readonly fileName?: string;
}

/**
 * The reader of an import's source (issue 39); undefined for a CSV without its mapping (the schema requires
 * one, so that is a job stored wrongly), which the worker refuses with `readerMissing`.
 */
export function readerFor(source: ImportSource, mapping?: CsvMapping, options: ReaderOptions = {}): ImportReader | undefined {
  switch (source) {
    case 'trello':
      return trelloReader(options);
    case 'todoist':
      return todoistReader(options);
    case 'asana':
      return asanaReader(options);
    case 'csv':
      return mapping ? csvReader(mapping, options) : undefined;
    case 'taskflow':
      return readTaskflowExport;
  }
}

export const readerMissing = (source: ImportSource): string => `Importing from ${source} is not available yet`;
