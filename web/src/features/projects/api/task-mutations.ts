import { useMutationState, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { positionAfterLast } from '@shared/rules/position';
import { applyCompletion } from '@shared/rules/task-completion';
import { tasksRoutes } from '@shared/routes/tasks';
import type { createTaskInput, TaskStatus, TaskView, updateTaskInput } from '@shared/schemas/project';
import { callRoute } from '@/lib/api-client';
import { adjustCounts, cachedItems, completionChange, putItem, removeItem, taskCounts, undoAll, type Undo } from './project-cache';
import { projectKeys } from './query-keys';
import { putInTaskPages } from './task-index-cache';
import { useProjectMutation } from './use-project-mutation';
import { negated, summed } from '@shared/rules/project-counters';
import { withBlockers } from '@shared/rules/task-blockers';
import { secondPartTitle, splitEstimate } from '@shared/rules/task-split';
import { withPin } from '@shared/rules/task-pin';
import { withOptional } from '@shared/rules/optional-field';
import { subtasksOf, withParent } from '@shared/rules/subtasks';

export type CreateTaskValues = z.input<typeof createTaskInput>;
/** What the dialog edits, without the version (the mutation adds the one that was read). */
export type TaskEdit = Omit<z.input<typeof updateTaskInput>, 'version'>;

/** A task as it was read, in its workspace: writes carry its version. */
export interface TaskTarget {
  readonly workspaceId: string;
  readonly task: TaskView;
}

/** A task write from a list (completion circle, Focus) that was refused. */
export const UPDATE_TASK_FAILED = 'Failed to update the task. Please try again.';

const now = () => new Date().toISOString();

/** The task as the server will store it after the edit (completion rules of core §4), at the next version. */
export function editedTask(task: TaskView, edit: TaskEdit): TaskView {
  const { status, completed, pinned, blockedBy, repeat, skipOccurrence: _skip, occurrenceOnly: _only, parentId, completeSubtasks: _sub, ...fields } = edit;
  const completion = applyCompletion(task, { ...(status === undefined ? {} : { status }), ...(completed === undefined ? {} : { completed }) }, now());
  // A repeat sent null stops. A skipped occurrence's new date and what the series keeps for the following
  // occurrences come with the server's answer.
  return withOptional(withParent(withBlockers(withPin({ ...task, ...fields, ...completion, updatedAt: now(), version: task.version + 1 }, pinned), blockedBy), parentId), 'repeat', repeat);
}

/** A card dropped on a column: its status (and so its completion) and its position change together. */
export function movedTask(task: TaskView, status: TaskStatus, position: number): TaskView {
  return { ...editedTask(task, { status }), position };
}

/** Shows the task as it will be, with its project's counts; returns how to take both back. */
function showTask(queryClient: QueryClient, workspaceId: string, before: TaskView, after: TaskView) {
  return undoAll(putItem(queryClient, workspaceId, 'tasks', after), adjustCounts(queryClient, workspaceId, after.projectId, completionChange(before, after)));
}

/**
 * Puts the task as the server stored it in every cache that holds a copy: its project's items and the pages
 * of /tasks. Every task write of this module does it, so no screen edits a cache after one; the other reads
 * of the task index (the dashboard, the calendar, the week) are marked stale once the server has answered
 * (`crossProjectReads`).
 */
export function storeTask(queryClient: QueryClient, workspaceId: string, stored: TaskView): void {
  putItem(queryClient, workspaceId, 'tasks', stored);
  putInTaskPages(queryClient, workspaceId, stored);
}

/** The creates of one project's tasks, which its quick add lines show while they are on their way. */
export const quickAddKey = (projectId: string) => ['create-task', projectId] as const;

/**
 * Creates a task at the end of its column. The place comes from the board in the cache when it is there
 * (the server would otherwise read every task of the project to find it).
 */
export function useCreateTask(workspaceId: string, projectId: string) {
  return useProjectMutation({
    mutationKey: quickAddKey(projectId),
    mutationFn: async (values: CreateTaskValues, queryClient) => {
      const column = values.status ?? 'todo';
      const board = cachedItems(queryClient, workspaceId, projectId)?.tasks;
      const position = values.position ?? (board ? positionAfterLast(board.filter((task) => task.status === column).map((task) => task.position)) : undefined);
      const body = position === undefined ? values : { ...values, position };
      return (await callRoute(tasksRoutes.CreateTask, { params: { workspaceId, projectId }, body })).task;
    },
    settle: (queryClient, task) => {
      storeTask(queryClient, workspaceId, task);
      adjustCounts(queryClient, workspaceId, projectId, taskCounts(task));
    },
    crossProjectReads: () => ({ workspaceId, list: 'tasks' }),
  });
}

const taskParams = ({ workspaceId, task }: TaskTarget) => ({ workspaceId, projectId: task.projectId, taskId: task.id });
/** After a refused write: the workspace's projects (the counts may be off too). */
const refreshProject = ({ workspaceId }: TaskTarget) => projectKeys.all(workspaceId);
const taskIndexReads = ({ workspaceId }: TaskTarget) => ({ workspaceId, list: 'tasks' as const });

export type UpdateTaskVariables = TaskTarget & { edit: TaskEdit };

/**
 * The updates of tasks, for rows that show theirs as waiting (useMutationState); a list that tells its own
 * writes from the others' gives its hook a `scope`, which the key ends with.
 */
export const updateTaskKey = (scope?: string) => (scope === undefined ? ['update-task'] : ['update-task', scope]);

/** A parent's sub-tasks in its project's cached items (none when they are not cached). */
function cachedSubtasks(queryClient: QueryClient, workspaceId: string, task: TaskView): TaskView[] {
  return subtasksOf(cachedItems(queryClient, workspaceId, task.projectId)?.tasks ?? [], task.id);
}

/** A parent's open sub-tasks shown completed with it (`completeSubtasks`: the server's one write). */
function showSubtasksCompleted(queryClient: QueryClient, workspaceId: string, parent: TaskView, asked: boolean | undefined): Undo {
  const open = asked === true ? cachedSubtasks(queryClient, workspaceId, parent).filter((subtask) => !subtask.completed) : [];
  return undoAll(...open.map((subtask) => showTask(queryClient, workspaceId, subtask, editedTask(subtask, { completed: true }))));
}

/**
 * Saves an edit of the task as it was read (its version goes with it; a stale one is refused with 409). With
 * `completeSubtasks`, its open sub-tasks show completed at once too (the server completes them in the same write).
 */
export function useUpdateTask(scope?: string) {
  return useProjectMutation({
    mutationKey: updateTaskKey(scope),
    mutationFn: async ({ edit, ...target }: UpdateTaskVariables) =>
      (await callRoute(tasksRoutes.UpdateTask, { params: taskParams(target), body: { ...edit, version: target.task.version } })).task,
    optimistic: (queryClient, { workspaceId, task, edit }) => {
      const after = editedTask(task, edit);
      return undoAll(showTask(queryClient, workspaceId, task, after), showSubtasksCompleted(queryClient, workspaceId, task, after.completed && edit.completeSubtasks));
    },
    settle: (queryClient, stored, { workspaceId }) => storeTask(queryClient, workspaceId, stored),
    refresh: refreshProject,
    crossProjectReads: taskIndexReads,
  });
}

/** The tasks whose completion is being saved (from any screen of this tab): their circles wait for the answer. */
export function useCompletionsSaving(): ReadonlySet<string> {
  const saving = useMutationState({
    filters: { mutationKey: updateTaskKey(), status: 'pending' },
    select: (mutation) => mutation.state.variables as UpdateTaskVariables | undefined,
  });
  return new Set(saving.flatMap((variables) => (variables && 'completed' in variables.edit ? [variables.task.id] : [])));
}

/** A drop on the board: column and place in one write (a parent dropped on Completed may take its open sub-tasks along). */
export function useMoveTask() {
  return useProjectMutation({
    mutationFn: async ({ status, position, completeSubtasks, ...target }: TaskTarget & { status: TaskStatus; position: number; completeSubtasks?: true }) =>
      (await callRoute(tasksRoutes.MoveTask, { params: taskParams(target), body: { version: target.task.version, status, position, ...(completeSubtasks ? { completeSubtasks } : {}) } })).task,
    optimistic: (queryClient, { workspaceId, task, status, position, completeSubtasks }) =>
      undoAll(showTask(queryClient, workspaceId, task, movedTask(task, status, position)), showSubtasksCompleted(queryClient, workspaceId, task, status === 'completed' && completeSubtasks)),
    settle: (queryClient, stored, { workspaceId }) => storeTask(queryClient, workspaceId, stored),
    refresh: refreshProject,
    crossProjectReads: taskIndexReads,
  });
}

/**
 * Splits a task in two (the weekly plan's "Split" fix): a second part with the rest of the estimate is made
 * first, blocked by the task and without a due date, then the task keeps the first half (with its version:
 * a task changed meanwhile keeps its estimate, and the second part stays to be deleted or kept).
 */
export function useSplitTask() {
  return useProjectMutation({
    mutationFn: async ({ workspaceId, task }: TaskTarget) => {
      const parts = splitEstimate(task.timeEstimate);
      if (!parts) throw new Error('This task is too short to split');
      const [first, second] = parts;
      const body = {
        title: secondPartTitle(task.title),
        description: task.description,
        priority: task.priority,
        assignedTo: task.assignedTo,
        timeEstimate: second,
        blockedBy: [{ projectId: task.projectId, taskId: task.id }],
      };
      const part = (await callRoute(tasksRoutes.CreateTask, { params: { workspaceId, projectId: task.projectId }, body })).task;
      const kept = (await callRoute(tasksRoutes.UpdateTask, { params: taskParams({ workspaceId, task }), body: { version: task.version, timeEstimate: first } })).task;
      return { kept, part };
    },
    settle: (queryClient, { kept, part }, { workspaceId }) => {
      storeTask(queryClient, workspaceId, kept);
      storeTask(queryClient, workspaceId, part);
      adjustCounts(queryClient, workspaceId, part.projectId, taskCounts(part));
    },
    refresh: refreshProject,
    crossProjectReads: taskIndexReads,
  });
}

/** Deletes the task, and its sub-tasks with it (the server's one write). */
export function useDeleteTask() {
  return useProjectMutation({
    mutationFn: (target: TaskTarget) => callRoute(tasksRoutes.DeleteTask, { params: taskParams(target) }),
    optimistic: (queryClient, { workspaceId, task }) => {
      const gone = [task, ...cachedSubtasks(queryClient, workspaceId, task)];
      return undoAll(
        ...gone.map((item) => removeItem(queryClient, workspaceId, task.projectId, 'tasks', item.id)),
        adjustCounts(queryClient, workspaceId, task.projectId, negated(summed(gone.map(taskCounts)))),
      );
    },
    refresh: refreshProject,
    crossProjectReads: taskIndexReads,
  });
}
