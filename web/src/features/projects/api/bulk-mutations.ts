import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tasksRoutes } from '@shared/routes/tasks';
import type { TaskView } from '@shared/schemas/project';
import type { BulkMoveTasksResponse, BulkTaskChange, BulkUpdateTasksResponse } from '@shared/schemas/task-bulk';
import { callRoute } from '@/lib/api-client';
import { projectItemsQueryOptions } from './get-project-items';
import { adjustCounts, completionChange, removeItem } from './project-cache';
import { projectKeys } from './query-keys';
import { storeTask } from './task-mutations';
import { useProjectMutation } from './use-project-mutation';

export const BULK_UPDATE_FAILED = 'Failed to update the selected tasks. Please try again.';
export const BULK_DELETE_FAILED = 'Failed to delete the selected tasks. Please try again.';
export const BULK_DELETE_UNDO_FAILED = 'Failed to bring the deleted tasks back (an Undo works once, for an hour).';
export const BULK_MOVE_FAILED = 'Failed to move the selected tasks. Please try again.';

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

/**
 * Deletes the selection in one request (with their sub-tasks), into the Trash; the answer's `undoId` names
 * the delete's trash entries for the Undo (`useRestoreDeletedTasks`). The deleted tasks leave the project
 * caches, and the projects' counts and the task index read again (pushes bring the same to other browsers).
 */
export function useBulkDeleteTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, tasks }: { workspaceId: string; tasks: readonly TaskView[] }) =>
      callRoute(tasksRoutes.BulkDeleteTasks, { params: { workspaceId }, body: { tasks: tasks.map(refOf) } }),
    settle: (queryClient, { deleted }, { workspaceId }) => {
      for (const { projectId, taskId } of deleted) removeItem(queryClient, workspaceId, projectId, 'tasks', taskId);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list(workspaceId) });
    },
    crossProjectReads: taskIndexReads,
  });
}

/** The Undo of a bulk delete: the server restores the delete's trash entries (comments and all); the tasks come back into the caches. */
export function useRestoreDeletedTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, undoId }: { workspaceId: string; undoId: string }) =>
      callRoute(tasksRoutes.RestoreDeletedTasks, { params: { workspaceId }, body: { undoId } }),
    settle: (queryClient, { restored }, { workspaceId }) => {
      for (const task of restored) storeTask(queryClient, workspaceId, task);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list(workspaceId) });
    },
    crossProjectReads: taskIndexReads,
  });
}

/**
 * How many sub-tasks would go with the selection's tasks of their own (those not selected themselves), read
 * from their projects' items (from the cache when fresh): what the delete's question says.
 */
export function useSubtasksGoingWith() {
  const queryClient = useQueryClient();
  return useCallback(
    async (workspaceId: string, selected: readonly TaskView[]): Promise<number> => {
      const ids = new Set(selected.map((task) => task.id));
      const parents = new Set(selected.filter((task) => task.parentId === undefined).map((task) => task.id));
      const projectIds = [...new Set(selected.filter((task) => parents.has(task.id)).map((task) => task.projectId))];
      const items = await Promise.all(projectIds.map((projectId) => queryClient.fetchQuery({ ...projectItemsQueryOptions(workspaceId, projectId), staleTime: 10_000 })));
      return items.flatMap((item) => item.tasks).filter((task) => task.parentId !== undefined && parents.has(task.parentId) && !ids.has(task.id)).length;
    },
    [queryClient],
  );
}

/** The moved tasks leave their old project's cache for the new one's; the projects' counts read again. */
function storeMoved(queryClient: Parameters<typeof storeTask>[0], { moved }: BulkMoveTasksResponse, workspaceId: string): void {
  for (const { fromProjectId, task } of moved) {
    removeItem(queryClient, workspaceId, fromProjectId, 'tasks', task.id);
    storeTask(queryClient, workspaceId, task);
  }
  void queryClient.invalidateQueries({ queryKey: projectKeys.list(workspaceId) });
}

/** Moves the selection (with their sub-tasks) to another project of the workspace in one request. */
export function useBulkMoveTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, tasks, projectId }: { workspaceId: string; tasks: readonly TaskView[]; projectId: string }) =>
      callRoute(tasksRoutes.BulkMoveTasks, { params: { workspaceId }, body: { tasks: tasks.map(refOf), projectId } }),
    settle: (queryClient, result, { workspaceId }) => storeMoved(queryClient, result, workspaceId),
    crossProjectReads: taskIndexReads,
  });
}

/** The Undo of a bulk move: each selected task moved back to the project, place and parent it had (its sub-tasks with it). */
export function useRestoreMovedTasks() {
  return useProjectMutation({
    mutationFn: ({ workspaceId, moved, before }: { workspaceId: string; moved: BulkMoveTasksResponse['moved']; before: ReadonlyMap<string, TaskView> }) =>
      callRoute(tasksRoutes.RestoreMovedTasks, {
        params: { workspaceId },
        body: {
          tasks: moved.flatMap(({ task }) => {
            const was = before.get(task.id);
            return was ? [{ ...refOf(task), back: { projectId: was.projectId, position: was.position, ...(was.parentId ? { parentId: was.parentId } : {}) } }] : [];
          }),
        },
      }),
    settle: (queryClient, result, { workspaceId }) => storeMoved(queryClient, result, workspaceId),
    crossProjectReads: taskIndexReads,
  });
}
