import type { ImportSource, ImportStatus } from '@shared/schemas/import';

export const IMPORT_OWNERS_ONLY = 'Only owners and admins can import into this workspace.';

/** Each source as the page offers it: its name, the files the picker accepts, and how to get one. */
export const sourceChoices: readonly { source: ImportSource; label: string; accept: string; howTo: string }[] = [
  {
    source: 'trello',
    label: 'Trello board (JSON)',
    accept: '.json,application/json',
    howTo: "In Trello, open the board's menu → Print, export and share → Export as JSON.",
  },
  {
    source: 'todoist',
    label: 'Todoist (CSV)',
    accept: '.csv,text/csv',
    howTo: "In Todoist, open the project's ⋯ menu → Export as a template → Export as a file.",
  },
  {
    source: 'asana',
    label: 'Asana (CSV)',
    accept: '.csv,text/csv',
    howTo: "In Asana, open the project's menu (the arrow beside its name) → Export/Print → CSV.",
  },
  {
    source: 'csv',
    label: 'Other CSV (map columns)',
    accept: '.csv,text/csv',
    howTo: 'Any CSV with a header row, from a spreadsheet or another tool: you choose which column holds what.',
  },
  {
    source: 'taskflow',
    label: 'TaskFlow export (JSON)',
    accept: '.json,application/json',
    howTo: 'The export.json of a TaskFlow export (Workspace Settings → Export), from this or another workspace.',
  },
];

export const sourceLabel = (source: ImportSource): string => sourceChoices.find((choice) => choice.source === source)?.label ?? source;

export const statusLabels: Readonly<Record<ImportStatus, string>> = {
  uploading: 'Uploading',
  analyzing: 'Checking the file',
  ready: 'Ready to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const counts = new Intl.NumberFormat('en-US');

/** A count as the page shows it: 1,234. */
export const formatCount = (count: number): string => counts.format(count);

/** "1 task", "1,234 tasks". */
export const countOf = (count: number, one: string, many: string): string => `${formatCount(count)} ${count === 1 ? one : many}`;
