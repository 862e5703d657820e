import type { Priority, TaskRef, TaskRepeat, TaskStatus, TaskView } from '@shared/schemas/project';
import type { CreateTaskValues } from '../api/task-mutations';

/**
 * The task dialog's form state (strings as the inputs hold them) and the body it sends. The status selector
 * and 'Mark as completed' move together, so what is sent never contradicts itself (core §4).
 */
export interface TaskFormValues {
  readonly title: string;
  readonly description: string;
  readonly status: TaskStatus;
  readonly completed: boolean;
  readonly priority: Priority;
  /** YYYY-MM-DD from the date input, '' for none. */
  readonly dueDate: string;
  /** Minutes as typed, '' for none. */
  readonly timeEstimate: string;
  /** The assignee's user id, '' for Unassigned. */
  readonly assignedTo: string;
  /** The tasks that must be done first. */
  readonly blockedBy: readonly TaskRef[];
  /** Its labels' ids. */
  readonly labelIds: readonly string[];
  /** The repeat rule (issue 36), null for none. */
  readonly repeat: TaskRepeat | null;
}

export function taskFormValues(task?: TaskView): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? 'todo',
    completed: task?.completed ?? false,
    priority: task?.priority ?? 'medium',
    dueDate: task?.dueDate ?? '',
    timeEstimate: task?.timeEstimate === null || task?.timeEstimate === undefined ? '' : String(task.timeEstimate),
    assignedTo: task?.assignedTo ?? '',
    blockedBy: task?.blockedBy ?? [],
    labelIds: task?.labelIds ?? [],
    repeat: task?.repeat ?? null,
  };
}

/** Choosing the Completed status ticks the box; choosing another clears it. */
export function withStatus(values: TaskFormValues, status: TaskStatus): TaskFormValues {
  return { ...values, status, completed: status === 'completed' };
}

/** Ticking the box moves the task to Completed; clearing it sends a completed task back to To Do. */
export function withCompleted(values: TaskFormValues, completed: boolean): TaskFormValues {
  if (completed) return { ...values, completed, status: 'completed' };
  return { ...values, completed, status: values.status === 'completed' ? 'todo' : values.status };
}

/** A blank estimate means none; anything else is the number typed (the schema checks it: ≥ 0, steps of 15). */
export function parseTimeEstimate(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The body of a create or update: blanks become null (a null repeat stops it; a create leaves it out). */
export function taskInput(values: TaskFormValues): Required<Omit<CreateTaskValues, 'position' | 'repeat' | 'parentId'>> & { completed: boolean; repeat: TaskRepeat | null } {
  return {
    title: values.title,
    description: values.description,
    status: values.status,
    completed: values.completed,
    priority: values.priority,
    dueDate: values.dueDate === '' ? null : values.dueDate,
    timeEstimate: parseTimeEstimate(values.timeEstimate),
    assignedTo: values.assignedTo === '' ? null : values.assignedTo,
    blockedBy: [...values.blockedBy],
    labelIds: [...values.labelIds],
    repeat: values.repeat,
  };
}
