import type { CsvMapping, ImportField } from '../../../shared/schemas/import.js';
import { ImportFileError, type ImportReader } from '../records.js';
import { cellAt, columnIndex } from './csv-table.js';
import { tableReader, type RowReader } from './table-reader.js';
import { listOf, personOf, priorityWord, spreadsheetDate, statusWord } from './values.js';

/**
 * Any CSV with the person's mapping of columns to fields (shared/schemas/import.ts): one task a row. Words
 * are read leniently ('Done', 'yes' → completed; 'urgent' → high); a word not known keeps the app's default
 * and is counted in "not kept", as is a due date that is not a date.
 */
export function csvReader(mapping: CsvMapping, options: { readonly fileName?: string } = {}): ImportReader {
  const rowReader = (header: readonly string[]) => {
    const columns = new Map<ImportField, number>();
    for (const [field, name] of Object.entries(mapping) as [ImportField, string | undefined][]) {
      if (name === undefined) continue;
      const index = columnIndex(header, name);
      if (index === undefined) throw new ImportFileError(`The CSV has no column “${name}” (chosen for ${field}).`);
      columns.set(field, index);
    }
    const readRow: RowReader = (row) => {
      const cell = (field: ImportField) => cellAt(row, columns.get(field));
      const notKept: string[] = [];
      const status = cell('status') === '' ? undefined : statusWord(cell('status'));
      if (cell('status') !== '' && !status) notKept.push('Status words not known are imported as To do');
      const priority = cell('priority') === '' ? undefined : priorityWord(cell('priority'));
      if (cell('priority') !== '' && !priority) notKept.push('Priority words not known are imported as medium');
      const dueDate = spreadsheetDate(cell('dueDate'));
      if (cell('dueDate') !== '' && !dueDate) notKept.push('Due dates that are not a date are not imported');
      return {
        key: `row:${row.row}`,
        title: cell('title'),
        ...(cell('project') ? { project: cell('project') } : {}),
        ...(cell('parent') ? { parentTitle: cell('parent') } : {}),
        labels: listOf(cell('labels')),
        notKept,
        comment: cell('comments'),
        fields: { description: cell('description'), status, priority, dueDate, assignee: personOf(cell('assignee')) },
      };
    };
    return { readRow, namesParents: columns.has('parent') };
  };
  return tableReader({ rowReader, fileName: options.fileName });
}
