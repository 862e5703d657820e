import { createHash } from 'node:crypto';
import type { ImportedTask, ImportReader, ImportRecord, OpenText } from '../records.js';
import { openCsv, rowWhere, type CsvRow } from './csv-table.js';
import { fileStem, labelBook, projectBook } from './values.js';

/**
 * A reader for a CSV with one task a row (Asana's export, any CSV with a mapping): the source says what a row
 * means (`RowReader`); this part does what they share: the projects and labels met, the parent by title, the
 * skipped rows, the comment. Sub-tasks name their parent by title, which may come later in the file, so when
 * any row names a parent the file is read twice before the rows are yielded: once for the titles named as
 * parents, once for where those rows are; and a sub-task whose parent comes after it is yielded in a last
 * read, so a parent always comes before its sub-tasks. Only a short hash of each title named as a parent is
 * held, never the rows or the titles.
 */

export interface TableTask {
  /** The row's key: stable from one read to the next (a source's id, else the row number). */
  readonly key: string;
  /** '' → the row is skipped ("no title"). */
  readonly title: string;
  /** The project's name; none → the project named after the file. */
  readonly project?: string;
  readonly parentTitle?: string;
  readonly labels?: readonly string[];
  /** What of the row cannot be kept, each a `notKept` record. */
  readonly notKept?: readonly string[];
  readonly comment?: string;
  readonly fields: Pick<ImportedTask, 'description' | 'status' | 'priority' | 'dueDate' | 'assignee' | 'createdAt'>;
}

export type RowReader = (row: CsvRow) => TableTask;

export interface TableSource {
  /**
   * Checks the header (ImportFileError when the file is not this source's) and gives how to read a row, and
   * whether the file has a column naming parents (without one, the file is read once).
   */
  readonly rowReader: (header: readonly string[]) => { readonly readRow: RowReader; readonly namesParents: boolean };
  readonly delimiter?: string;
  readonly fileName?: string;
}

/** A title as the parent dictionaries hold it: 22 characters of its SHA-256 (132 bits), however long the title. */
export const titleKey = (title: string): string => createHash('sha256').update(title).digest('base64url').slice(0, 22);

/** Where a task named as a parent is. */
interface ParentPlace {
  readonly row: number;
  readonly key: string;
  readonly projectKey: string;
  /** titleKey of its own parent's title, '' when it has none. */
  readonly parentKey: string;
}

/** Where to put a sub-task: its top task (a parent's parent is followed up, sub-tasks being one level deep). */
type ParentFound = { readonly place: ParentPlace; readonly flattened: boolean } | { readonly reason: string };

export function tableReader(source: TableSource): ImportReader {
  return async function* read(open: OpenText): AsyncIterable<ImportRecord> {
    const projects = projectBook();
    const labels = labelBook();
    const defaultProject = fileStem(source.fileName);
    const projectKeyOf = (task: TableTask) => projects.keyOf(task.project ?? defaultProject);

    /** A read of the file; the header is checked by the first, before any record. */
    async function readTasks() {
      const table = await openCsv(open, { delimiter: source.delimiter });
      const { readRow, namesParents } = source.rowReader(table.header);
      async function* tasks(): AsyncGenerator<{ row: CsvRow; task: TableTask }> {
        for await (const row of table.rows) yield { row, task: readRow(row) };
      }
      return { namesParents, tasks: tasks() };
    }
    const tasks = async function* () {
      yield* (await readTasks()).tasks;
    };

    const first = await readTasks();
    const named = new Set<string>();
    if (first.namesParents) for await (const { row, task } of first.tasks) if (!row.error && task.parentTitle) named.add(titleKey(task.parentTitle));
    const places = new Map<string, ParentPlace>();
    if (named.size > 0) {
      for await (const { row, task } of tasks()) {
        const title = row.error ? '' : titleKey(task.title);
        if (!named.has(title) || places.has(title)) continue;
        places.set(title, { row: row.row, key: task.key, projectKey: projectKeyOf(task), parentKey: task.parentTitle ? titleKey(task.parentTitle) : '' });
      }
    }
    const parentOf = (title: string): ParentFound => {
      const key = titleKey(title);
      let place = places.get(key);
      if (!place) return { reason: `its parent task “${title}” is not in the file` };
      const visited = new Set([key]);
      while (place.parentKey && places.has(place.parentKey)) {
        if (visited.has(place.parentKey)) return { reason: `its parent task “${title}” is its own sub-task` };
        visited.add(place.parentKey);
        place = places.get(place.parentKey) as ParentPlace;
      }
      if (place.parentKey) return { reason: `its parent task “${title}” is skipped (its own parent is not in the file)` };
      return { place, flattened: visited.size > 1 };
    };

    /** A sub-task whose parent comes later in the file: yielded in the last read. */
    const waitsForParent = (row: CsvRow, task: TableTask) => {
      const found = !row.error && task.parentTitle ? parentOf(task.parentTitle) : undefined;
      return found !== undefined && 'place' in found && found.place.row > row.row;
    };

    async function* recordsOf(row: CsvRow, task: TableTask): AsyncGenerator<ImportRecord> {
      const where = rowWhere(row);
      const found = task.parentTitle ? parentOf(task.parentTitle) : undefined;
      if (row.error) return yield { kind: 'skipped', where, reason: row.error };
      if (task.title === '') return yield { kind: 'skipped', where, reason: 'no title' };
      if (task.parentTitle === task.title) return yield { kind: 'skipped', where, reason: 'it names itself as its parent task' };
      if (found && 'reason' in found) return yield { kind: 'skipped', where, reason: found.reason };
      if (found?.flattened) yield { kind: 'notKept', what: 'Sub-tasks of sub-tasks become sub-tasks of their top task' };
      if (!found) {
        const project = projects.take(task.project ?? defaultProject);
        if (project.record) yield project.record;
      }
      const labelKeys: string[] = [];
      for (const name of task.labels ?? []) {
        const label = labels.take(name);
        if (label.record) yield label.record;
        labelKeys.push(label.key);
      }
      for (const what of task.notKept ?? []) yield { kind: 'notKept', what };
      yield {
        kind: 'task',
        key: task.key,
        projectKey: found ? found.place.projectKey : projectKeyOf(task),
        ...(found ? { parentKey: found.place.key } : {}),
        title: task.title,
        ...definedOnly(task.fields),
        ...(labelKeys.length > 0 ? { labelKeys } : {}),
      };
      if (task.comment) yield { kind: 'comment', key: `${task.key}:comment`, taskKey: task.key, text: task.comment };
    }

    let waiting = 0;
    for await (const { row, task } of first.namesParents ? tasks() : first.tasks) {
      if (waitsForParent(row, task)) waiting += 1;
      else yield* recordsOf(row, task);
    }
    if (waiting > 0) for await (const { row, task } of tasks()) if (waitsForParent(row, task)) yield* recordsOf(row, task);
  };
}

/** The fields that have a value (a record carries no `undefined` fields). */
function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}
