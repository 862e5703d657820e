import { ImportFileError, type ImportReader } from '../records.js';
import { cellAt, columnIndex } from './csv-table.js';
import { tableReader, type RowReader } from './table-reader.js';
import { isoMoment, listOf, personOf, plainDate, priorityWord } from './values.js';

/**
 * Asana's CSV export of a project (Export → CSV): one task a row, sub-tasks naming their parent by name.
 * Its first project is the task's project; its section and its tags are labels; a date in Completed At makes
 * it completed. Columns past Asana's own are the project's custom fields: not kept.
 */

const ASANA_COLUMNS = [
  'Task ID',
  'Created At',
  'Completed At',
  'Last Modified',
  'Name',
  'Section/Column',
  'Assignee',
  'Assignee Email',
  'Start Date',
  'Due Date',
  'Tags',
  'Notes',
  'Projects',
  'Parent task',
  'Blocked By (Dependencies)',
  'Blocking (Dependencies)',
] as const;
type AsanaColumn = (typeof ASANA_COLUMNS)[number];

const rowReader = (header: readonly string[]) => {
  const index = new Map(ASANA_COLUMNS.map((name) => [name, columnIndex(header, name)]));
  if (index.get('Task ID') === undefined || index.get('Name') === undefined) {
    throw new ImportFileError('This is not an Asana CSV export: it has no “Task ID” and “Name” columns.');
  }
  const known = new Set(index.values());
  const customFields = header.flatMap((name, column) => (known.has(column) || name === '' ? [] : [{ name, column }]));
  const priorityField = customFields.find((field) => field.name.toLowerCase() === 'priority');
  const readRow: RowReader = (row) => {
    const cell = (name: AsanaColumn) => cellAt(row, index.get(name));
    const projects = listOf(cell('Projects'));
    const notKept: string[] = [];
    if (projects.length > 1) notKept.push('A task in several Asana projects is imported into its first one');
    if (cell('Start Date') !== '') notKept.push('Start dates are not imported');
    if (cell('Blocked By (Dependencies)') !== '' || cell('Blocking (Dependencies)') !== '') notKept.push('Dependencies are not imported');
    for (const field of customFields) {
      if (field !== priorityField && cellAt(row, field.column) !== '') notKept.push(`Custom field “${field.name}” is not imported`);
    }
    const priority = priorityField ? priorityWord(cellAt(row, priorityField.column)) : undefined;
    const id = cell('Task ID');
    return {
      key: id === '' ? `row:${row.row}` : `asana:${id}`,
      title: cell('Name'),
      ...(projects[0] ? { project: projects[0] } : {}),
      ...(cell('Parent task') ? { parentTitle: cell('Parent task') } : {}),
      labels: [...(cell('Section/Column') ? [cell('Section/Column')] : []), ...listOf(cell('Tags'))],
      notKept,
      fields: {
        description: cell('Notes'),
        status: cell('Completed At') === '' ? 'todo' : 'completed',
        priority,
        dueDate: plainDate(cell('Due Date')),
        assignee: personOf(cell('Assignee'), cell('Assignee Email')),
        createdAt: isoMoment(cell('Created At')),
      },
    };
  };
  return { readRow, namesParents: index.get('Parent task') !== undefined };
};

export const asanaReader = (options: { readonly fileName?: string } = {}): ImportReader =>
  tableReader({ rowReader, delimiter: ',', fileName: options.fileName });
