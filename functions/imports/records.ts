import type { LinkCategory } from '../../shared/schemas/link.js';
import type { Priority, TaskRepeat, TaskStatus, WeekDay } from '../../shared/schemas/project.js';

/**
 * What every import source's reader yields (issue 39): the file's content as records in the file's order,
 * each reference by the source's own key (a Trello card id, a CSV row's title). The import writer turns a
 * key into a TaskFlow id deterministically (the import's id and the key), so a chunk run again writes the
 * same items (put if absent) and a reference needs no lookup of what was written before.
 *
 * A reader holds only small dictionaries (lists, members, label names), never the whole file: it reads
 * the text as a stream, and may read it again from the start (`open` gives a fresh stream each call).
 *
 * A record comes after the records it refers to (a task after its project and its parent, a comment after
 * its task), except a task's `blockedBy`, which may name a task further on. The optional fields beyond the
 * common ones (a project's colour, a task's time estimate or repeat rule, milestones, notes, links) are
 * what a TaskFlow export carries (source `taskflow`), so that one imports without loss.
 */

/** Someone named in the file, matched to a member by e-mail, else by name; no match leaves the task unassigned. */
export interface ImportPerson {
  readonly email?: string;
  readonly name?: string;
}

export interface ImportedProject {
  readonly kind: 'project';
  readonly key: string;
  readonly name: string;
  readonly description?: string;
  readonly archived?: boolean;
  readonly color?: string;
  /** YYYY-MM-DD. */
  readonly deadline?: string;
  readonly priority?: Priority;
  readonly isFavorite?: boolean;
  readonly preferredDays?: readonly WeekDay[];
  readonly createdAt?: string;
}

export interface ImportedLabel {
  readonly kind: 'label';
  readonly key: string;
  readonly name: string;
  /** A colour name of the source ('green') or a #RRGGBB; the writer picks the nearest of the app's. */
  readonly color?: string;
}

export interface ImportedTask {
  readonly kind: 'task';
  readonly key: string;
  readonly projectKey: string;
  /** Makes it a sub-task of that task (same project). */
  readonly parentKey?: string;
  readonly title: string;
  readonly description?: string;
  readonly status?: TaskStatus;
  readonly priority?: Priority;
  /** YYYY-MM-DD. */
  readonly dueDate?: string;
  readonly assignee?: ImportPerson;
  readonly labelKeys?: readonly string[];
  /** Archived in the source (a closed Trello card): imported completed, counted in the preview. */
  readonly archived?: boolean;
  readonly createdAt?: string;
  /** Completed without a status ('completed' is implied); `completedAt` when known. */
  readonly completed?: boolean;
  readonly completedAt?: string;
  /** Minutes. */
  readonly timeEstimate?: number;
  readonly pinned?: boolean;
  /** The tasks that must be done first, by their keys. */
  readonly blockedBy?: readonly { readonly projectKey: string; readonly taskKey: string }[];
  readonly repeat?: TaskRepeat;
  /** A repeating task's own fields when its occurrence was edited alone (the app's `series`). */
  readonly series?: {
    readonly title: string;
    readonly description: string;
    readonly priority: Priority;
    readonly timeEstimate: number | null;
    readonly assignee?: ImportPerson;
    readonly labelKeys?: readonly string[];
  };
  /** The order in its column; without it the tasks keep the file's order. */
  readonly position?: number;
  readonly createdBy?: ImportPerson;
}

export interface ImportedMilestone {
  readonly kind: 'milestone';
  readonly key: string;
  readonly projectKey: string;
  readonly title: string;
  readonly description?: string;
  /** YYYY-MM-DD. */
  readonly dueDate: string;
  readonly completed?: boolean;
  readonly completedAt?: string;
  readonly createdBy?: ImportPerson;
  readonly createdAt?: string;
}

export interface ImportedNote {
  readonly kind: 'note';
  readonly key: string;
  readonly projectKey: string;
  readonly title: string;
  /** Markdown. */
  readonly content: string;
  readonly createdBy?: ImportPerson;
  readonly createdAt?: string;
}

/** One of the workspace's bookmarks. */
export interface ImportedLink {
  readonly kind: 'link';
  readonly key: string;
  readonly url: string;
  readonly title?: string;
  readonly category: LinkCategory;
  readonly description?: string;
  readonly createdBy?: ImportPerson;
  readonly createdAt?: string;
}

interface CommentFields {
  readonly kind: 'comment';
  readonly key: string;
  readonly text: string;
  /** Its writer in the source: a member matched, else named in the comment ("Ana wrote on 3 May: …"). */
  readonly author?: ImportPerson;
  readonly createdAt?: string;
  /** The people the comment mentions (kept when they match members). */
  readonly mentions?: readonly ImportPerson[];
}

/** A comment on a task, or (a TaskFlow export's) on a project itself. */
export type ImportedComment = CommentFields & ({ readonly taskKey: string; readonly projectKey?: never } | { readonly projectKey: string; readonly taskKey?: never });

/** Data of a kind the app does not keep (attachments, custom fields, votes): counted in the preview's "not kept". */
export interface NotKept {
  readonly kind: 'notKept';
  readonly what: string;
}

/** A row or card that cannot be imported, and why: listed in the preview and the report. */
export interface SkippedRecord {
  readonly kind: 'skipped';
  readonly where: string;
  readonly reason: string;
}

export type ImportRecord = ImportedProject | ImportedLabel | ImportedTask | ImportedMilestone | ImportedNote | ImportedLink | ImportedComment | NotKept | SkippedRecord;

/** The file's text, decoded (UTF-8, UTF-16 by BOM, else Latin-1), from its start: each call a fresh stream. */
export type OpenText = () => AsyncIterable<string>;

/** A source's reader. A file that is not what the source says throws an ImportFileError before any record. */
export type ImportReader = (open: OpenText) => AsyncIterable<ImportRecord>;

/** The file as a whole is not readable as its source (not a Trello export, broken quoting): the import fails with this text. */
export class ImportFileError extends Error {}
