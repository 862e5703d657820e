import type { ImportField } from '@shared/schemas/import';

/** A mapping being chosen: each field to a column's header, or absent (not imported). */
export type DraftMapping = Partial<Record<ImportField, string>>;

/** Header names each field is recognised by, compared without case, spaces or punctuation. */
const namesByField: Readonly<Record<ImportField, readonly string[]>> = {
  title: ['title', 'name', 'taskname', 'task', 'summary', 'subject', 'cardname', 'content'],
  description: ['description', 'desc', 'details', 'notes', 'note', 'body'],
  project: ['project', 'projectname', 'projects', 'list', 'board', 'section', 'sectioncolumn'],
  status: ['status', 'state', 'stage'],
  priority: ['priority', 'prio', 'importance'],
  dueDate: ['duedate', 'due', 'dueon', 'dueat', 'deadline'],
  assignee: ['assignee', 'assignees', 'assignedto', 'assigned', 'owner', 'responsible'],
  labels: ['labels', 'label', 'tags', 'tag'],
  parent: ['parent', 'parenttask', 'parenttitle', 'subtaskof'],
  comments: ['comments', 'comment'],
};

const normalized = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping a CSV's headers suggest: a field takes the first column named one of its names ("Due Date",
 * "due_date"), else the first whose name contains one of its longer names ("Task Title"). A column is given
 * to one field at most; the person checks and changes the guess before anything is read.
 */
export function guessMapping(headers: readonly string[]): DraftMapping {
  const mapping: DraftMapping = {};
  const taken = new Set<string>();
  const fields = Object.keys(namesByField) as ImportField[];
  const matchers: ((header: string, name: string) => boolean)[] = [(header, name) => header === name, (header, name) => name.length >= 4 && header.includes(name)];
  for (const matches of matchers) {
    for (const field of fields) {
      if (mapping[field] !== undefined) continue;
      const header = headers.find((candidate) => !taken.has(candidate) && namesByField[field].some((name) => matches(normalized(candidate), name)));
      if (header === undefined) continue;
      mapping[field] = header;
      taken.add(header);
    }
  }
  return mapping;
}
