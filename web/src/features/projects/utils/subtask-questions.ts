import type { ConfirmOptions } from '@/components/ui/confirm-dialog';

/**
 * What completing a parent with open sub-tasks asks (issue 36), wherever it is completed: the task view, the
 * Edit Task form, a drop on Completed. `choose` answers 'confirm' for all of them, 'other' for only the parent.
 */
export function completeParentQuestion(title: string, openSubtasks: number): ConfirmOptions {
  const them = openSubtasks === 1 ? 'sub-task. Complete it' : 'sub-tasks. Complete them';
  return { title: 'Complete sub-tasks too?', message: `“${title}” has ${openSubtasks} open ${them} too?`, confirmLabel: 'Complete all', otherLabel: 'Only this task' };
}

/** The question before a delete, saying how many sub-tasks go with the task. */
export function deleteTaskQuestion(subtaskCount: number): string {
  if (subtaskCount === 0) return 'Are you sure you want to delete this task?';
  return `Are you sure you want to delete this task and its ${subtaskCount} ${subtaskCount === 1 ? 'sub-task' : 'sub-tasks'}?`;
}

/** The question before a bulk delete (issue 36): how many tasks, and how many sub-tasks go with them; no Undo. */
export function bulkDeleteQuestion(taskCount: number, subtaskCount: number): string {
  const tasks = `${taskCount} ${taskCount === 1 ? 'task' : 'tasks'}`;
  const subtasks = subtaskCount === 0 ? '' : ` and ${subtaskCount} ${subtaskCount === 1 ? 'sub-task' : 'sub-tasks'} going with them`;
  return `Delete ${tasks}${subtasks}? You can undo it for a little while.`;
}
