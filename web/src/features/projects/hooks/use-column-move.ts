import { useCallback, type MutableRefObject, type ReactNode } from 'react';
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
 * leaves it), through `confirmDialog`, which the caller renders. `move` answers whether the task moves. `tasks` are the ones shown (the project's
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
}): { move: (task: TaskView, status: TaskStatus) => Promise<boolean>; confirmDialog: ReactNode } {
  const { choose, dialog: confirmDialog } = useConfirm();
  const moveTask = useMoveTask();
  const latestRef = useLatest({ tasks, all, workspaceId, onError, mutate: moveTask.mutate, choose });
  const move = useCallback(
    async (task: TaskView, status: TaskStatus) => {
      const { tasks: shown, all: everyTask, workspaceId: workspace, onError: reportError, mutate, choose: ask } = latestRef.current;
      if (columnOf(task) === status) return false;
      const open = status === 'completed' ? subtasksOf(everyTask, task.id).filter((subtask) => !subtask.completed).length : 0;
      const choice = open > 0 ? await ask(completeParentQuestion(task.title, open)) : 'other';
      if (choice === 'cancel') return false;
      mutate({ workspaceId: workspace, task, status, position: dropPosition(shown, status, task.id), ...(choice === 'confirm' ? { completeSubtasks: true as const } : {}) }, { onError: reportError });
      return true;
    },
    [latestRef],
  );
  return { move, confirmDialog };
}

/**
 * Moves a task whose new place should take the focus once drawn (its old one leaves with the focus):
 * `focusAfterMove` names it until then, and is cleared when it does not move (Cancel, or its own column),
 * so that no later render pulls the focus to it.
 */
export function moveTakingFocus(move: (task: TaskView, status: TaskStatus) => Promise<boolean>, focusAfterMove: MutableRefObject<string | null>, task: TaskView, status: TaskStatus): void {
  focusAfterMove.current = task.id;
  void move(task, status).then((moved) => {
    if (!moved && focusAfterMove.current === task.id) focusAfterMove.current = null;
  });
}
