import * as z from 'zod/mini';
import { resourceId } from './ids.js';
import { expectedVersion, labelIds, nullableDate, position, priorities, taskStatuses, taskView } from './project.js';

/** The most tasks one bulk edit may name (issue 36): a selection on /tasks or the board, never the workspace. */
export const MAX_BULK_TASKS = 1000;

/** A selected task, with the version the browser showed: a task changed meanwhile keeps that change. */
export const bulkTaskRef = z.object({
  projectId: resourceId('Each task needs its projectId'),
  taskId: resourceId('Each task needs its taskId'),
  version: expectedVersion,
});
export type BulkTaskRef = z.infer<typeof bulkTaskRef>;

/** What a bulk edit sets on every selected task; a field not sent (shown "mixed") is left as each task has it. */
export const bulkTaskChange = z
  .object({
    priority: z.optional(z.enum(priorities)),
    dueDate: z.optional(nullableDate),
    assignedTo: z.optional(z.nullable(resourceId('assignedTo must be a user id'))),
    addLabelIds: z.optional(labelIds),
    removeLabelIds: z.optional(labelIds),
    /** The column; 'completed' completes (the completion rules, spec core §4). */
    status: z.optional(z.enum(taskStatuses, { error: 'status must be todo, in_progress or completed' })),
    /** Completes (true) or reopens (false); when sent with `status`, `status` only picks an open task's column. */
    completed: z.optional(z.boolean({ error: 'completed must be true or false' })),
  })
  .check(
    z.refine((change) => Object.values(change).some((value) => value !== undefined), { error: 'Name at least one field to change' }),
    z.refine((change) => !(change.addLabelIds ?? []).some((id) => (change.removeLabelIds ?? []).includes(id)), {
      error: 'A label may not be both added and removed',
      path: ['removeLabelIds'],
    }),
  );
export type BulkTaskChange = z.infer<typeof bulkTaskChange>;

/** A selection: 1 to 1,000 tasks, each once. */
function selectionOf<T extends z.ZodMiniType<BulkTaskRef>>(ref: T) {
  return z.array(ref, { error: 'tasks must be a list of tasks' }).check(
    z.minLength(1, { error: 'Select at least one task' }),
    z.maxLength(MAX_BULK_TASKS, { error: `At most ${MAX_BULK_TASKS} tasks at once` }),
    z.refine((refs) => new Set(refs.map((item) => item.taskId)).size === refs.length, { error: 'Each task may be listed once' }),
  );
}

export const bulkUpdateTasksInput = z.object({ tasks: selectionOf(bulkTaskRef), change: bulkTaskChange });
export type BulkUpdateTasksInput = z.infer<typeof bulkUpdateTasksInput>;

/**
 * The Undo of a bulk edit: each task, at the version the edit answered, with the fields it had before
 * (what a bulk edit may change; the completion only when the edit changed the status or completion).
 */
export const bulkRestoreTasksInput = z.object({
  tasks: selectionOf(
    z.extend(bulkTaskRef, {
      fields: z.object({
        priority: z.enum(priorities),
        dueDate: nullableDate,
        assignedTo: z.nullable(resourceId('assignedTo must be a user id')),
        labelIds,
        status: z.optional(z.enum(taskStatuses)),
        completed: z.optional(z.boolean()),
        completedAt: z.optional(z.nullable(z.string())),
      }),
    }),
  ),
});
export type BulkRestoreTasksInput = z.infer<typeof bulkRestoreTasksInput>;

/** The selected tasks left as they were because someone changed them meanwhile (they keep that change). */
const leftTasks = z.array(z.object({ projectId: z.string(), taskId: z.string(), reason: z.literal('changed') }));

/** The tasks as written (new versions), and those left as they were because someone changed them meanwhile. */
export const bulkUpdateTasksResponse = z.object({ changed: z.array(taskView), left: leftTasks });
export type BulkUpdateTasksResponse = z.infer<typeof bulkUpdateTasksResponse>;

/** A bulk delete: the selected tasks, each only if still at the version shown, with their sub-tasks. */
export const bulkDeleteTasksInput = z.object({ tasks: selectionOf(bulkTaskRef) });
export type BulkDeleteTasksInput = z.infer<typeof bulkDeleteTasksInput>;

/**
 * The tasks deleted (the selected ones and the sub-tasks that went with them), and those left; `undoId`
 * (when anything was deleted) names the server's copies of the deleted tasks, kept an hour for the Undo.
 */
export const bulkDeleteTasksResponse = z.object({
  deleted: z.array(z.object({ projectId: z.string(), taskId: z.string() })),
  left: leftTasks,
  undoId: z.optional(z.string()),
});
export type BulkDeleteTasksResponse = z.infer<typeof bulkDeleteTasksResponse>;

/** The Undo of a bulk delete: the deleted tasks made again from the server's copies named by `undoId`. */
export const restoreDeletedTasksInput = z.object({ undoId: resourceId('undoId must be an undo id') });
export type RestoreDeletedTasksInput = z.infer<typeof restoreDeletedTasksInput>;

/** The tasks made again, and those skipped: their id was taken again, or their project (or parent) is gone. */
export const restoreDeletedTasksResponse = z.object({
  restored: z.array(taskView),
  skipped: z.array(z.object({ projectId: z.string(), taskId: z.string() })),
});
export type RestoreDeletedTasksResponse = z.infer<typeof restoreDeletedTasksResponse>;

/**
 * A bulk move to another project of the workspace (`projectId`): each selected task with its sub-tasks,
 * at the end of its column there; a sub-task moved without its parent becomes a task of its own.
 */
export const bulkMoveTasksInput = z.object({ tasks: selectionOf(bulkTaskRef), projectId: resourceId('projectId must be a project id') });
export type BulkMoveTasksInput = z.infer<typeof bulkMoveTasksInput>;

/** The Undo of a bulk move: each moved task, at the version the move answered, back to its project, place and parent. */
export const restoreMovedTasksInput = z.object({
  tasks: selectionOf(
    z.extend(bulkTaskRef, {
      back: z.object({ projectId: resourceId('back.projectId must be a project id'), position, parentId: z.optional(resourceId('back.parentId must be a task id')) }),
    }),
  ),
});
export type RestoreMovedTasksInput = z.infer<typeof restoreMovedTasksInput>;

/** The tasks moved (the selected ones and the sub-tasks that went with them) as written, each with the project it left. */
export const bulkMoveTasksResponse = z.object({ moved: z.array(z.object({ fromProjectId: z.string(), task: taskView })), left: leftTasks });
export type BulkMoveTasksResponse = z.infer<typeof bulkMoveTasksResponse>;
