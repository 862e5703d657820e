import { positionBetween } from '@shared/rules/position';
import type { NoteView, TaskStatus, TaskView } from '@shared/schemas/project';

/**
 * How the project detail page arranges tasks and notes (spec core §2 Project detail, pages §4): the
 * overview's groups, the board's columns, and where a dropped card goes.
 */

/** Overview groups show 3 items (spec core §9). */
export const OVERVIEW_GROUP_SIZE = 3;
/** The overview shows the 3 most recent notes. */
export const RECENT_NOTES_COUNT = 3;

export interface BoardColumn {
  readonly status: TaskStatus;
  readonly title: string;
}

export const boardColumns: readonly BoardColumn[] = [
  { status: 'todo', title: 'To Do' },
  { status: 'in_progress', title: 'In Progress' },
  { status: 'completed', title: 'Completed' },
];

export function columnTitle(status: TaskStatus): string {
  return boardColumns.find((column) => column.status === status)?.title ?? status;
}

/**
 * The column a task shows in: every completed task in Completed (the flag is the truth, whatever its
 * status); an uncompleted one in its status's column. An uncompleted task marked 'completed' cannot
 * exist under the completion rules, and no column claims it.
 */
export function columnOf(task: Pick<TaskView, 'completed' | 'status'>): TaskStatus | null {
  if (task.completed) return 'completed';
  return task.status === 'completed' ? null : task.status;
}

const byPosition = (a: TaskView, b: TaskView) => a.position - b.position;

/** The tasks of one column, by position ascending. */
export function columnTasks(tasks: readonly TaskView[], status: TaskStatus): TaskView[] {
  return tasks.filter((task) => columnOf(task) === status).sort(byPosition);
}

/** A card dropped on a column goes after its last card (the dragged card itself not counted). */
export function dropPosition(tasks: readonly TaskView[], status: TaskStatus, draggedTaskId: string): number {
  const last = columnTasks(tasks, status)
    .filter((task) => task.id !== draggedTaskId)
    .at(-1);
  return positionBetween(last?.position, undefined);
}

export interface OverviewGroup {
  readonly title: string;
  /** The tasks shown. */
  readonly tasks: readonly TaskView[];
  /** How many the group holds in all. */
  readonly total: number;
}

/**
 * The overview's task groups: In Progress (all), To Do (the first 3; the page offers 'View all') and
 * Completed (the first 3), each in board order. A task just created here is shown too, after them, even
 * beyond the first 3: otherwise it would seem to vanish the moment it was made.
 */
export function overviewGroups(
  tasks: readonly TaskView[],
  justCreatedId?: string,
): { inProgress: OverviewGroup; todo: OverviewGroup; completed: OverviewGroup } {
  const group = (status: TaskStatus, limit?: number): OverviewGroup => {
    const all = columnTasks(tasks, status);
    const first = limit === undefined ? all : all.slice(0, limit);
    const justCreated = all.find((task) => task.id === justCreatedId);
    const shown = justCreated && !first.includes(justCreated) ? [...first, justCreated] : first;
    return { title: columnTitle(status), tasks: shown, total: all.length };
  };
  return {
    inProgress: group('in_progress'),
    todo: group('todo', OVERVIEW_GROUP_SIZE),
    completed: group('completed', OVERVIEW_GROUP_SIZE),
  };
}

/** The most recently updated notes first, at most `count`. */
export function recentNotes(notes: readonly NoteView[], count = RECENT_NOTES_COUNT): NoteView[] {
  return [...notes].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)).slice(0, count);
}
