import type { Priority } from '../../../shared/schemas/project.js';
import { ImportFileError, type ImportedProject, type ImportPerson, type ImportReader, type ImportRecord, type OpenText } from '../records.js';
import { cellAt, columnIndex, openCsv, rowWhere } from './csv-table.js';
import { fileStem, labelBook, plainDate, plainName } from './values.js';

/**
 * Todoist's CSV template export of one project (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR,
 * RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT; Todoist's help "Format a CSV file to
 * import into Todoist"). Rows in order: a `section` row starts a section, which the app has not, so its tasks
 * get a label named after it; a `task` row's INDENT makes it a sub-task of the task above it (2; deeper levels
 * become sub-tasks of their top task, sub-tasks being one level deep); a `note` row is a comment on the task
 * above. `@name` words in a task's content are its labels. The file is the project: named after the file.
 */

/**
 * Todoist's p1 (1, the highest) to p3. p4 is Todoist's "no priority", every task's default, so it keeps the
 * app's default (medium) rather than marking nearly every task low. An empty cell, which Todoist's own import
 * reads as p1, keeps it too: an export always writes the number, and a hand-made row left empty is hardly
 * meant as the highest.
 */
const PRIORITIES: Record<string, Priority> = { '1': 'high', '2': 'medium', '3': 'low' };

/** 'Evan (14781400)' → Evan: Todoist writes a person as name and user id (read by indexes: a regex backtracks on long text). */
function personOf(text: string): ImportPerson | undefined {
  const trimmed = text.trimEnd();
  const open = trimmed.lastIndexOf('(');
  const withId = trimmed.endsWith(')') && open >= 0 && /^\d+$/.test(trimmed.slice(open + 1, -1));
  const name = plainName(withId ? trimmed.slice(0, open) : trimmed);
  return name === '' ? undefined : { name };
}

const LABEL_WORD = /(^|\s)@([\p{L}\p{N}_-]+)/gu;

export const todoistReader =
  (options: { readonly fileName?: string } = {}): ImportReader =>
  async function* read(open: OpenText): AsyncIterable<ImportRecord> {
    const table = await openCsv(open, { delimiter: ',' });
    const column = (name: string) => columnIndex(table.header, name);
    const [type, content] = [column('TYPE'), column('CONTENT')];
    if (type === undefined || content === undefined) {
      throw new ImportFileError('This is not a Todoist CSV export: it has no TYPE and CONTENT columns.');
    }
    const [description, priority, indent, author, responsible, date, duration] = ['DESCRIPTION', 'PRIORITY', 'INDENT', 'AUTHOR', 'RESPONSIBLE', 'DATE', 'DURATION'].map(column);
    const project: ImportedProject = { kind: 'project', key: 'project', name: fileStem(options.fileName) };
    yield project;
    const labels = labelBook();
    let sectionKey: string | undefined;
    let topTaskKey: string | undefined;
    let lastTaskKey: string | undefined;

    for await (const row of table.rows) {
      const where = rowWhere(row);
      if (row.error) {
        yield { kind: 'skipped', where, reason: row.error };
        continue;
      }
      const text = cellAt(row, content);
      const kind = cellAt(row, type).toLowerCase();
      if (kind === 'section') {
        const label = labels.take(text === '' ? 'Section' : text);
        if (label.record) yield label.record;
        sectionKey = label.key;
        // A section starts anew: its first tasks are nobody's sub-tasks, its notes nobody's comments.
        topTaskKey = undefined;
        lastTaskKey = undefined;
      } else if (kind === 'note') {
        if (!lastTaskKey) yield { kind: 'skipped', where, reason: 'a note with no task above it' };
        else if (text !== '') yield { kind: 'comment', key: `row:${row.row}`, taskKey: lastTaskKey, text, ...withAuthor(personOf(cellAt(row, author))) };
      } else if (kind === 'task') {
        const title = text.replace(LABEL_WORD, '$1').replace(/\s+/g, ' ').trim();
        if (title === '') {
          yield { kind: 'skipped', where, reason: 'no title' };
          continue;
        }
        const labelKeys = sectionKey ? [sectionKey] : [];
        for (const [, , name] of text.matchAll(LABEL_WORD)) {
          const label = labels.take(name ?? '');
          if (label.record) yield label.record;
          if (!labelKeys.includes(label.key)) labelKeys.push(label.key);
        }
        const level = Number(cellAt(row, indent) || '1');
        const key = `row:${row.row}`;
        const parentKey = level > 1 ? topTaskKey : undefined;
        if (level > 2 && parentKey) yield { kind: 'notKept', what: 'Sub-tasks of sub-tasks become sub-tasks of their top task' };
        const written = cellAt(row, date);
        const dueDate = plainDate(written);
        if (written !== '' && !dueDate) yield { kind: 'notKept', what: 'Dates that are not a plain date (“every Monday”, “tomorrow”) are not imported' };
        if (cellAt(row, duration) !== '') yield { kind: 'notKept', what: 'Durations are not imported' };
        const taskPriority = PRIORITIES[cellAt(row, priority)];
        const assignee = personOf(cellAt(row, responsible));
        yield {
          kind: 'task',
          key,
          projectKey: project.key,
          ...(parentKey ? { parentKey } : {}),
          title,
          ...(cellAt(row, description) ? { description: cellAt(row, description) } : {}),
          ...(taskPriority ? { priority: taskPriority } : {}),
          ...(dueDate ? { dueDate } : {}),
          ...(assignee ? { assignee } : {}),
          ...(labelKeys.length > 0 ? { labelKeys } : {}),
        };
        if (!parentKey) topTaskKey = key;
        lastTaskKey = key;
      } else if (kind !== 'meta' && (kind !== '' || text !== '')) {
        yield { kind: 'skipped', where, reason: `the type “${cellAt(row, type)}” is not task, section or note` };
      }
    }
  };

const withAuthor = (author: ImportPerson | undefined) => (author ? { author } : {});
