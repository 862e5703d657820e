import { tasksRoutes } from '@shared/routes/tasks';
import type { TaskView } from '@shared/schemas/project';
import type { BulkTaskChange, BulkUpdateTasksResponse } from '@shared/schemas/task-bulk';
import { callRoute } from '@/lib/api-client';
import { adjustCounts, completionChange } from './project-cache';
import { storeTask } from './task-mutations';
import { useProjectMutation } from './use-project-mutation';

export const BULK_UPDATE_FAILED = 'Failed to update the selected tasks. Please try again.';

const refOf = (task: TaskView) => ({ projectId: task.projectId, taskId: task.id, version: task.version });
const taskIndexReads = ({ workspaceId }: { workspaceId: string }) => ({ workspaceId, list: 'tasks' as const });

/**
 * Puts the written tasks in every cache holding them (pushes bring them to other browsers), and moves their
 * projects' counts by what completing or reopening them changed (the server's own rule).
 */
function storeChanged(queryClient: Parameters<typeof storeTask>[0], result: BulkUpdateTasksResponse, workspaceId: string, before: readonly TaskView[]): void {
  const was = new Map(before.map((task) => [task.id, task]));
  for (const task of result.changed) {
    storeTask(queryClient, workspaceId, task);
    const previous = was.get(task.id);
    if (previous) adjustCounts(queryClient, workspaceId, task.projectId, completionChange(previous, task));
  }
}

/** One request for the whole selection (issue 36): answers the tasks written and those left as someone changed them. */
export function useBulkUpdateTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, tasks, change }: { workspaceId: string; tasks: readonly TaskView[]; change: BulkTaskChange }) =>
      callRoute(tasksRoutes.BulkUpdateTasks, { params: { workspaceId }, body: { tasks: tasks.map(refOf), change } }),
    settle: (queryClient, result, { workspaceId, tasks }) => storeChanged(queryClient, result, workspaceId, tasks),
    crossProjectReads: taskIndexReads,
  });
}

/** The Undo of a bulk edit: each written task gets back the fields it had before, its status and completion too. */
export function useRestoreTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, written, before }: { workspaceId: string; written: readonly TaskView[]; before: ReadonlyMap<string, TaskView> }) =>
      callRoute(tasksRoutes.RestoreTasks, {
        params: { workspaceId },
        body: {
          tasks: written.flatMap((task) => {
            const was = before.get(task.id);
            if (!was) return [];
            const { priority, dueDate, assignedTo, status, completed, completedAt } = was;
            return [{ ...refOf(task), fields: { priority, dueDate, assignedTo, labelIds: was.labelIds ?? [], status, completed, completedAt } }];
          }),
        },
      }),
    settle: (queryClient, result, { workspaceId, written }) => storeChanged(queryClient, result, workspaceId, written),
    crossProjectReads: taskIndexReads,
  });
}
