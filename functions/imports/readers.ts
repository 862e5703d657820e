import type { CsvMapping, ImportSource } from '../../shared/schemas/import.js';
import type { ImportReader } from './records.js';
import { readTaskflowExport } from './taskflow-reader.js';

/**
 * Each import source's reader (issue 39); a CSV's reader is made with its column mapping. A source without
 * a reader here yet is refused by the worker with `readerMissing`.
 */
const readers: Partial<Record<ImportSource, (mapping?: CsvMapping) => ImportReader>> = {
  taskflow: () => readTaskflowExport,
};

export function readerFor(source: ImportSource, mapping?: CsvMapping): ImportReader | undefined {
  return readers[source]?.(mapping);
}

export const readerMissing = (source: ImportSource): string => `Importing from ${source} is not available yet`;
