import { MAX_LABELS_PER_TASK, type TaskView } from '../schemas/project.js';
import type { BulkTaskChange } from '../schemas/task-bulk.js';
import { applyCompletion } from './task-completion.js';
import { withLabels } from './task-labels.js';

/**
 * A task with a bulk edit's change applied (issue 36): each field sent is set, each field not sent is
 * kept; labels are added and removed (each once, in the task's order, then the added ones); `status` and
 * `completed` follow the completion rules (spec core §4), `now` being the completion time.
 */
export function withBulkChange(task: TaskView, change: BulkTaskChange, now: string): TaskView {
  const { addLabelIds, removeLabelIds, priority, dueDate, assignedTo, status, completed } = change;
  const next: TaskView = {
    ...task,
    ...(status !== undefined || completed !== undefined ? applyCompletion(task, { status, completed }, now) : {}),
    ...(priority !== undefined ? { priority } : {}),
    ...(dueDate !== undefined ? { dueDate } : {}),
    ...(assignedTo !== undefined ? { assignedTo } : {}),
  };
  if (!addLabelIds && !removeLabelIds) return next;
  const kept = (task.labelIds ?? []).filter((id) => !(removeLabelIds ?? []).includes(id));
  return withLabels(next, [...kept, ...(addLabelIds ?? []).filter((id) => !kept.includes(id))]);
}

/** The tasks that would carry more labels than a task may after the change (none of the selection is then written). */
export function overLabelled(tasks: readonly TaskView[]): TaskView[] {
  return tasks.filter((task) => (task.labelIds ?? []).length > MAX_LABELS_PER_TASK);
}
