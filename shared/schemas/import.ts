import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { formatFileSize } from './attachment.js';
import { resourceId, workspaceIdParams } from './ids.js';

/**
 * Imports (issue 39): a workspace's owners and admins bring in a Trello board (its JSON export), a Todoist
 * project (its CSV template export), an Asana project (its CSV export), any CSV with a column mapping, or a
 * TaskFlow export (docs/export-format.md).
 *
 * The flow: the browser asks for an import (`createImportInput`, with the file's SHA-256 so the same file
 * twice is asked about first: 409 unless `allowDuplicate`), posts the file straight to the bucket with the
 * presigned POST it gets back, and says it is uploaded. The import worker then reads the file once without
 * writing (status `analyzing`) and stores a preview of what will be created and what cannot be kept
 * (`ready`); Start runs it (`running`, with progress) in chunks until `done` with a report (created,
 * skipped and why). A row that fails is reported, never the whole import; a file that is not what its
 * source says fails the import with the reason before anything is written.
 */

export const importSources = ['trello', 'todoist', 'asana', 'csv', 'taskflow'] as const;
export type ImportSource = (typeof importSources)[number];

/** The largest file an import reads (50 MB). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_FILE_TOO_LARGE = `The file must be at most ${formatFileSize(IMPORT_MAX_BYTES)}`;
/** How long an import's job and its uploaded file are kept (the item by TTL, the file by the bucket's lifecycle on imports/). */
export const IMPORT_DAYS = 7;

/** The fields a CSV's columns can be mapped to. Only the title is required. */
export const importFields = ['title', 'description', 'project', 'status', 'priority', 'dueDate', 'assignee', 'labels', 'parent', 'comments'] as const;
export type ImportField = (typeof importFields)[number];

const columnName = z.string({ error: 'A column must be named by its header' }).check(
  z.minLength(1, { error: 'A column must be named by its header' }),
  z.maxLength(500, { error: 'A column header must be at most 500 characters' }),
);

/**
 * A CSV's mapping: each field to the header of the column that holds it. Fields left out are not read.
 * `project` names the project of each row (a new project per distinct value); without it every row goes to
 * one new project named after the file. `parent` holds the title of the row's parent task.
 */
export const csvMapping = z.object({
  title: columnName,
  description: z.optional(columnName),
  project: z.optional(columnName),
  status: z.optional(columnName),
  priority: z.optional(columnName),
  dueDate: z.optional(columnName),
  assignee: z.optional(columnName),
  labels: z.optional(columnName),
  parent: z.optional(columnName),
  comments: z.optional(columnName),
});
export type CsvMapping = z.infer<typeof csvMapping>;

const fileName = z.string({ error: 'File name must be text' }).check(
  z.refine((text) => text.trim() !== '', { error: 'File name is required', abort: true }),
  z.maxLength(255, { error: 'File name must be at most 255 characters' }),
  z.refine((text) => !containsUnprintable(text), { error: 'File name must not hold control characters' }),
);

export const createImportInput = z
  .object({
    source: z.enum(importSources, { error: 'source must be trello, todoist, asana, csv or taskflow' }),
    fileName,
    size: z.number({ error: 'Size must be a number of bytes' }).check(
      z.int({ error: 'Size must be a whole number of bytes', abort: true }),
      z.minimum(1, { error: 'The file is empty' }),
      z.maximum(IMPORT_MAX_BYTES, { error: IMPORT_FILE_TOO_LARGE }),
    ),
    /** The file's SHA-256 in hex, computed by the browser; the worker checks it against the bytes it reads. */
    sha256: z.string({ error: 'sha256 is required' }).check(z.regex(/^[0-9a-f]{64}$/, { error: 'sha256 must be 64 lowercase hex digits' })),
    /** Required for `csv`, refused for the other sources (they have their own columns). */
    mapping: z.optional(csvMapping),
    /** Set after the person was told this file was imported before and chose to import it again. */
    allowDuplicate: z.optional(z.boolean({ error: 'allowDuplicate must be true or false' })),
  })
  .check(
    z.refine((input) => input.source !== 'csv' || input.mapping !== undefined, { error: 'A CSV import needs a mapping of its columns', path: ['mapping'] }),
    z.refine((input) => input.source === 'csv' || input.mapping === undefined, { error: 'Only a CSV import takes a mapping', path: ['mapping'] }),
  );
export type CreateImportInput = z.infer<typeof createImportInput>;

export const importStatuses = ['uploading', 'analyzing', 'ready', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof importStatuses)[number];

const entityCounts = z.object({
  projects: z.number(),
  tasks: z.number(),
  subtasks: z.number(),
  labels: z.number(),
  comments: z.number(),
});
export type ImportEntityCounts = z.infer<typeof entityCounts>;

/** A part of the file not kept, and why ("card 'Launch' attachment", "Attachments are not imported"). */
export const importSkip = z.object({ where: z.string(), reason: z.string() });
export type ImportSkip = z.infer<typeof importSkip>;

/** What the analysis found, before anything is written. */
export const importPreview = z.object({
  /** Its `labels` are the new ones: one per name the workspace has no label of yet. */
  create: entityCounts,
  /** The file's labels (by name) that match one of the workspace's by name, without regard to case: that one is used, none is made (0 in a preview stored before it was counted). */
  labelsMatched: z._default(z.number(), 0),
  /** Of the tasks: how many have a due date, how many are completed, how many archived. */
  withDueDate: z.number(),
  completed: z.number(),
  archived: z.number(),
  /** Assignees matched to members (by e-mail, else by name) and those that match no one (left unassigned). */
  assigneesMatched: z.array(z.object({ source: z.string(), memberId: z.string(), memberName: z.string() })),
  assigneesUnmatched: z.array(z.string()),
  /** What cannot be kept: kinds of data with how often they occur ("Attachments are not imported": 12). */
  notKept: z.array(z.object({ what: z.string(), count: z.number() })),
  /** Rows or cards that will be skipped, the first 100 of `skippedCount`. */
  skipped: z.array(importSkip),
  skippedCount: z.number(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importReport = z.object({
  created: entityCounts,
  skipped: z.array(importSkip),
  skippedCount: z.number(),
});
export type ImportReport = z.infer<typeof importReport>;

export const importView = z.object({
  id: z.string(),
  source: z.enum(importSources),
  fileName: z.string(),
  size: z.number(),
  status: z.enum(importStatuses),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** Why it failed, in words for the person who asked. */
  error: z.nullable(z.string()),
  /** Set once analysed (`ready` and after). */
  preview: z.nullable(importPreview),
  /** While running: items handled of the items the analysis counted. */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** Set once done. */
  report: z.nullable(importReport),
});
export type ImportView = z.infer<typeof importView>;

export const importResponse = z.object({ import: importView });

/** The upload the browser makes: a presigned POST (the key, exact size and type pinned). */
export const importUpload = z.object({
  import: importView,
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type ImportUpload = z.infer<typeof importUpload>;

/** The workspace's imports, newest first (the last 20): the page finds a running one after a reload. */
export const importList = z.object({ imports: z.array(importView) });

export const importParams = z.extend(workspaceIdParams, { importId: resourceId() });

/** The 409's text when the same file (by SHA-256) was imported into this workspace before. */
export const duplicateImportMessage = (importedAt: string): string =>
  `This file was already imported on ${importedAt.slice(0, 10)}. Import it again only if you want its items twice.`;
