import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { subtasksOf } from '@shared/rules/subtasks';
import type { TaskView } from '@shared/schemas/project';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { projectItemsQueryOptions } from '../api/get-project-items';
import { completeParentQuestion } from '../utils/subtask-questions';

/** What becomes of a parent's open sub-tasks: completed along, left open, or (null) nothing is done. */
export type SubtaskChoice = { completeSubtasks?: true } | null;

/**
 * Completing a task from a list that does not hold its project's tasks (the /tasks circle and cards, the
 * phone's circle) asks what the task view and the board ask (issue 36): a parent with open sub-tasks gets
 * "Complete all / Only this task / Cancel". Its sub-tasks come from its project's items, cached or read
 * once; a sub-task (one level deep) or a reopening asks nothing, and a failed read completes the task alone,
 * as before. Render `dialog`.
 */
export function useSubtaskCompletion(workspaceId: string): { askAboutSubtasks: (task: TaskView) => Promise<SubtaskChoice>; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const { choose, dialog } = useConfirm();
  const askAboutSubtasks = useCallback(
    async (task: TaskView): Promise<SubtaskChoice> => {
      if (task.completed || task.parentId !== undefined) return {};
      const items = await queryClient.ensureQueryData(projectItemsQueryOptions(workspaceId, task.projectId)).catch(() => undefined);
      const open = items ? subtasksOf(items.tasks, task.id).filter((subtask) => !subtask.completed).length : 0;
      if (open === 0) return {};
      const choice = await choose(completeParentQuestion(task.title, open));
      if (choice === 'cancel') return null;
      return choice === 'confirm' ? { completeSubtasks: true } : {};
    },
    [queryClient, workspaceId, choose],
  );
  return { askAboutSubtasks, dialog };
}
