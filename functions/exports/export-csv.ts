import type { WorkspaceExport } from '../../shared/schemas/export.js';
import { toCsv, type CsvCell } from './csv.js';

export interface ExportFileContent {
  readonly name: string;
  readonly contentType: string;
  readonly content: string;
}

/** A table of the CSV export: its columns and how a row of the document fills them. */
interface Table<T> {
  readonly name: string;
  readonly rows: (document: WorkspaceExport) => readonly T[];
  readonly columns: Readonly<Record<string, (row: T) => CsvCell>>;
}

/** Lists in one cell, `;`-separated (ids hold no `;`). */
const list = (values: readonly string[] | undefined): string => (values ?? []).join(';');

function table<T>(definition: Table<T>): (document: WorkspaceExport) => ExportFileContent {
  return (document) => {
    const columns = Object.keys(definition.columns);
    const cells = Object.values(definition.columns);
    const rows = definition.rows(document).map((row) => cells.map((cell) => cell(row)));
    return { name: `${definition.name}.csv`, contentType: 'text/csv; charset=utf-8', content: toCsv(columns, rows) };
  };
}

type Of<K extends keyof WorkspaceExport> = WorkspaceExport[K] extends readonly (infer T)[] ? T : never;

/**
 * One CSV per entity (issue 39), made from the JSON document so both say the same: each row has its ids
 * and the ids it refers to, as the document does; the JSON stays the complete format (docs/export-format.md).
 */
const tables = [
  table<Of<'projects'>>({
    name: 'projects',
    rows: (d) => d.projects,
    columns: {
      id: (p) => p.id, name: (p) => p.name, description: (p) => p.description, color: (p) => p.color, deadline: (p) => p.deadline,
      priority: (p) => p.priority, archived: (p) => p.archived, preferredDays: (p) => list(p.preferredDays), createdBy: (p) => p.createdBy,
      createdAt: (p) => p.createdAt, updatedAt: (p) => p.updatedAt,
    },
  }),
  table<Of<'tasks'>>({
    name: 'tasks',
    rows: (d) => d.tasks,
    columns: {
      id: (t) => t.id, projectId: (t) => t.projectId, parentId: (t) => t.parentId ?? null, title: (t) => t.title, description: (t) => t.description,
      status: (t) => t.status, priority: (t) => t.priority, dueDate: (t) => t.dueDate, timeEstimate: (t) => t.timeEstimate,
      assignedTo: (t) => t.assignedTo, labelIds: (t) => list(t.labelIds), blockedBy: (t) => list(t.blockedBy?.map((ref) => ref.taskId)),
      repeat: (t) => t.repeat?.rule ?? null, completedAt: (t) => t.completedAt, createdBy: (t) => t.createdBy, createdAt: (t) => t.createdAt,
      updatedAt: (t) => t.updatedAt,
    },
  }),
  table<Of<'milestones'>>({
    name: 'milestones',
    rows: (d) => d.milestones,
    columns: {
      id: (m) => m.id, projectId: (m) => m.projectId, title: (m) => m.title, description: (m) => m.description, dueDate: (m) => m.dueDate,
      completed: (m) => m.completed, completedAt: (m) => m.completedAt, createdBy: (m) => m.createdBy, createdAt: (m) => m.createdAt,
    },
  }),
  table<Of<'notes'>>({
    name: 'notes',
    rows: (d) => d.notes,
    columns: {
      id: (n) => n.id, projectId: (n) => n.projectId, title: (n) => n.title, content: (n) => n.content, createdBy: (n) => n.createdBy,
      createdAt: (n) => n.createdAt, updatedAt: (n) => n.updatedAt,
    },
  }),
  table<Of<'links'>>({
    name: 'links',
    rows: (d) => d.links,
    columns: {
      id: (l) => l.id, url: (l) => l.url, title: (l) => l.title, category: (l) => l.category, description: (l) => l.description,
      createdBy: (l) => l.createdBy, createdAt: (l) => l.createdAt,
    },
  }),
  table<Of<'comments'>>({
    name: 'comments',
    rows: (d) => d.comments,
    columns: {
      id: (c) => c.id, taskId: (c) => c.taskId, projectId: (c) => c.projectId, authorId: (c) => c.authorId, body: (c) => c.body,
      createdAt: (c) => c.createdAt, updatedAt: (c) => c.updatedAt, edited: (c) => c.edited,
    },
  }),
  table<Of<'members'>>({
    name: 'members',
    rows: (d) => d.members,
    columns: { id: (m) => m.id, name: (m) => m.name, email: (m) => m.email ?? null, role: (m) => m.role, joinedAt: (m) => m.joinedAt },
  }),
];

export function exportCsvFiles(document: WorkspaceExport): ExportFileContent[] {
  return tables.map((make) => make(document));
}
