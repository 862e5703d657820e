import type { ObjectWriter } from '../lib/file-store.js';
import { CsvPieces, type CsvCell } from './csv.js';
import type { ExportElement, ExportList, StreamedExport } from './export-document.js';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A table of the CSV export: the list of the document it holds, and how an element fills its columns. */
interface Table<K extends ExportList> {
  readonly name: string;
  readonly list: K;
  readonly columns: Readonly<Record<string, (row: ExportElement<K>) => CsvCell>>;
}

const table = <K extends ExportList>(definition: Table<K>): Table<K> => definition;

/** Lists in one cell, `;`-separated (ids hold no `;`). */
const list = (values: readonly string[] | undefined): string => (values ?? []).join(';');

/*
 * One CSV per entity (issue 39), made from the JSON document's elements as they pass, so both say the same:
 * each row has its ids and the ids it refers to, as the document does; the JSON stays the complete format
 * (docs/export-format.md). A comment on a project itself has an empty taskId.
 */

const projectsTable = table({
  name: 'projects',
  list: 'projects',
  columns: {
    id: (p) => p.id, name: (p) => p.name, description: (p) => p.description, color: (p) => p.color, deadline: (p) => p.deadline,
    priority: (p) => p.priority, archived: (p) => p.archived, preferredDays: (p) => list(p.preferredDays), createdBy: (p) => p.createdBy,
    createdAt: (p) => p.createdAt, updatedAt: (p) => p.updatedAt,
  },
});

const tasksTable = table({
  name: 'tasks',
  list: 'tasks',
  columns: {
    id: (t) => t.id, projectId: (t) => t.projectId, parentId: (t) => t.parentId ?? null, title: (t) => t.title, description: (t) => t.description,
    status: (t) => t.status, priority: (t) => t.priority, dueDate: (t) => t.dueDate, timeEstimate: (t) => t.timeEstimate,
    assignedTo: (t) => t.assignedTo, labelIds: (t) => list(t.labelIds), blockedBy: (t) => list(t.blockedBy?.map((ref) => ref.taskId)),
    repeat: (t) => t.repeat?.rule ?? null, completedAt: (t) => t.completedAt, createdBy: (t) => t.createdBy, createdAt: (t) => t.createdAt,
    updatedAt: (t) => t.updatedAt,
  },
});

const milestonesTable = table({
  name: 'milestones',
  list: 'milestones',
  columns: {
    id: (m) => m.id, projectId: (m) => m.projectId, title: (m) => m.title, description: (m) => m.description, dueDate: (m) => m.dueDate,
    completed: (m) => m.completed, completedAt: (m) => m.completedAt, createdBy: (m) => m.createdBy, createdAt: (m) => m.createdAt,
  },
});

const notesTable = table({
  name: 'notes',
  list: 'notes',
  columns: {
    id: (n) => n.id, projectId: (n) => n.projectId, title: (n) => n.title, content: (n) => n.content, createdBy: (n) => n.createdBy,
    createdAt: (n) => n.createdAt, updatedAt: (n) => n.updatedAt,
  },
});

const linksTable = table({
  name: 'links',
  list: 'links',
  columns: {
    id: (l) => l.id, url: (l) => l.url, title: (l) => l.title, category: (l) => l.category, description: (l) => l.description,
    createdBy: (l) => l.createdBy, createdAt: (l) => l.createdAt,
  },
});

const commentsTable = table({
  name: 'comments',
  list: 'comments',
  columns: {
    id: (c) => c.id, taskId: (c) => c.taskId ?? null, projectId: (c) => c.projectId, authorId: (c) => c.authorId, body: (c) => c.body,
    createdAt: (c) => c.createdAt, updatedAt: (c) => c.updatedAt, edited: (c) => c.edited,
  },
});

const membersTable = table({
  name: 'members',
  list: 'members',
  columns: { id: (m) => m.id, name: (m) => m.name, email: (m) => m.email ?? null, role: (m) => m.role, joinedAt: (m) => m.joinedAt },
});

/** The CSV files, in the order an export lists them. */
export const CSV_FILES = [projectsTable, tasksTable, milestonesTable, notesTable, linksTable, commentsTable, membersTable].map((t) => `${t.name}.csv`);

/** A list that writes each element's row to its table's file (opened with `open`) as it passes on, and finishes the file at the list's end. */
function writingCsv<K extends ExportList>(read: () => AsyncIterable<ExportElement<K>>, definition: Table<K>, open: (fileName: string) => ObjectWriter): () => AsyncIterable<ExportElement<K>> {
  const cells = Object.values(definition.columns);
  return async function* () {
    const file = open(`${definition.name}.csv`);
    const csv = new CsvPieces(Object.keys(definition.columns));
    let finished = false;
    try {
      await file.write(csv.header());
      for await (const element of read()) {
        await file.write(csv.row(cells.map((cell) => cell(element))));
        yield element;
      }
      await file.write(csv.end());
      await file.end();
      finished = true;
    } finally {
      // Stopped early (the export failed): nothing of this file is kept.
      if (!finished) await file.abort();
    }
  };
}

/** The export's lists, each also writing its CSV file while the JSON document reads it. */
export function withCsvFiles(lists: StreamedExport['lists'], open: (fileName: string) => ObjectWriter): StreamedExport['lists'] {
  return {
    ...lists,
    projects: writingCsv(lists.projects, projectsTable, open),
    tasks: writingCsv(lists.tasks, tasksTable, open),
    milestones: writingCsv(lists.milestones, milestonesTable, open),
    notes: writingCsv(lists.notes, notesTable, open),
    links: writingCsv(lists.links, linksTable, open),
    comments: writingCsv(lists.comments, commentsTable, open),
    members: writingCsv(lists.members, membersTable, open),
  };
}
