import { priorities, taskStatuses, type Priority, type TaskStatus } from '@shared/schemas/project';
import type { FieldChange, HistoryEntryView, HistoryValue } from '@shared/schemas/task-history';
import { formatDate } from '@/lib/format-date';
import { priorityLabels } from './labels';
import { columnTitle } from './task-groups';

const NONE = 'None';
const text = (value: HistoryValue): string => (value === null ? NONE : Array.isArray(value) ? value.join(', ') || NONE : String(value));

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: HistoryValue): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);
const isPriority = oneOf<Priority>(priorities);
const isStatus = oneOf<TaskStatus>(taskStatuses);

/** "changed Priority from Low to High", with each value as the task view shows it. */
const fromTo = (name: string, change: FieldChange, shown: (value: HistoryValue) => string = text) =>
  `changed ${name} from ${shown(change.from)} to ${shown(change.to)}`;

/** What one change did, said after the name of who made it (the server names people, labels, projects). */
export function changeSentence(change: FieldChange): string {
  switch (change.field) {
    case 'title':
      return `renamed it from “${text(change.from)}” to “${text(change.to)}”`;
    case 'description':
      // Kept only in part (500 characters): told, not compared.
      return 'changed the description';
    case 'status':
      return fromTo('Status', change, (value) => (isStatus(value) ? columnTitle(value) : text(value)));
    case 'completed':
      return change.to === true ? 'completed the task' : 'reopened the task';
    case 'priority':
      return fromTo('Priority', change, (value) => (isPriority(value) ? priorityLabels[value] : text(value)));
    case 'dueDate':
      return fromTo('Due date', change, (value) => (typeof value === 'string' ? formatDate(value) : NONE));
    case 'timeEstimate':
      return fromTo('Estimate', change, (value) => (typeof value === 'number' ? `${value} min` : NONE));
    case 'assignedTo':
      return change.to === null ? `unassigned ${text(change.from)}` : change.from === null ? `assigned it to ${text(change.to)}` : fromTo('Assignee', change);
    case 'labelIds':
      return fromTo('Labels', change);
    case 'parentId':
      return change.to === null ? 'made it a task of its own' : 'made it a sub-task';
    case 'projectId':
      return change.from === null ? `moved it to ${text(change.to)}` : `moved it from ${text(change.from)} to ${text(change.to)}`;
    case 'repeat':
      return change.to === null ? 'stopped the repeat' : 'changed the repeat';
    case 'blockedBy':
      return 'changed what it waits for';
    case 'pinned':
      return change.to === true ? 'pinned it to its due date' : 'unpinned it';
  }
}

/** An entry's sentences: one per change, or what happened to the task. */
export function entrySentences(entry: HistoryEntryView): string[] {
  switch (entry.kind) {
    case 'created':
      return ['created the task'];
    case 'moved':
    case 'changed':
      return entry.changes.map(changeSentence);
  }
}
