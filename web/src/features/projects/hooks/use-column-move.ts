import { useCallback, type ReactNode } from 'react';
import { subtasksOf } from '@shared/rules/subtasks';
import type { TaskStatus, TaskView } from '@shared/schemas/project';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useLatest } from '@/hooks/use-latest';
import { useMoveTask } from '../api/task-mutations';
import { completeParentQuestion } from '../utils/subtask-questions';
import { columnOf, dropPosition } from '../utils/task-groups';

/**
 * A task of the project's Tasks tab moved to a column (status), on the board or in its list: after that
 * column's last task, in one write shown at once (rolled back if refused, `onError` told); nothing when it is
 * in that column already. Completing a parent with open sub-tasks asks whether they are done too (Cancel
 * leaves it), through `confirmDialog`, which the caller renders. `tasks` are the ones shown (the project's
 * top-level tasks), `all` the project's tasks with the sub-tasks. `move` stays the same function across
 * renders and reads the latest of these when called.
 */
export function useColumnMove({
  workspaceId,
  tasks,
  all,
  onError,
}: {
  workspaceId: string;
  tasks: readonly TaskView[];
  all: readonly TaskView[];
  onError: (error: unknown) => void;
}): { move: (task: TaskView, status: TaskStatus) => Promise<void>; confirmDialog: ReactNode } {
  const { choose, dialog: confirmDialog } = useConfirm();
  const moveTask = useMoveTask();
  const latestRef = useLatest({ tasks, all, workspaceId, onError, mutate: moveTask.mutate, choose });
  const move = useCallback(
    async (task: TaskView, status: TaskStatus) => {
      const { tasks: shown, all: everyTask, workspaceId: workspace, onError: reportError, mutate, choose: ask } = latestRef.current;
      if (columnOf(task) === status) return;
      const open = status === 'completed' ? subtasksOf(everyTask, task.id).filter((subtask) => !subtask.completed).length : 0;
      const choice = open > 0 ? await ask(completeParentQuestion(task.title, open)) : 'other';
      if (choice === 'cancel') return;
      mutate({ workspaceId: workspace, task, status, position: dropPosition(shown, status, task.id), ...(choice === 'confirm' ? { completeSubtasks: true as const } : {}) }, { onError: reportError });
    },
    [latestRef],
  );
  return { move, confirmDialog };
}
