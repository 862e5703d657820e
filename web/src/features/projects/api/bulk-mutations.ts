import { tasksRoutes } from '@shared/routes/tasks';
import type { TaskView } from '@shared/schemas/project';
import type { BulkTaskChange, BulkUpdateTasksResponse } from '@shared/schemas/task-bulk';
import { callRoute } from '@/lib/api-client';
import { storeTask } from './task-mutations';
import { useProjectMutation } from './use-project-mutation';

export const BULK_UPDATE_FAILED = 'Failed to update the selected tasks. Please try again.';

const refOf = (task: TaskView) => ({ projectId: task.projectId, taskId: task.id, version: task.version });
const taskIndexReads = ({ workspaceId }: { workspaceId: string }) => ({ workspaceId, list: 'tasks' as const });

/** Puts the written tasks in every cache holding them (pushes bring them to other browsers). */
function storeChanged(queryClient: Parameters<typeof storeTask>[0], result: BulkUpdateTasksResponse, { workspaceId }: { workspaceId: string }): void {
  for (const task of result.changed) storeTask(queryClient, workspaceId, task);
}

/** One request for the whole selection (issue 36): answers the tasks written and those left as someone changed them. */
export function useBulkUpdateTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, tasks, change }: { workspaceId: string; tasks: readonly TaskView[]; change: BulkTaskChange }) =>
      callRoute(tasksRoutes.BulkUpdateTasks, { params: { workspaceId }, body: { tasks: tasks.map(refOf), change } }),
    settle: storeChanged,
    crossProjectReads: taskIndexReads,
  });
}

/** The Undo of a bulk edit: each written task gets back the fields it had before. */
export function useRestoreTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, written, before }: { workspaceId: string; written: readonly TaskView[]; before: ReadonlyMap<string, TaskView> }) =>
      callRoute(tasksRoutes.RestoreTasks, {
        params: { workspaceId },
        body: {
          tasks: written.flatMap((task) => {
            const was = before.get(task.id);
            return was ? [{ ...refOf(task), fields: { priority: was.priority, dueDate: was.dueDate, assignedTo: was.assignedTo, labelIds: was.labelIds ?? [] } }] : [];
          }),
        },
      }),
    settle: storeChanged,
    crossProjectReads: taskIndexReads,
  });
}
