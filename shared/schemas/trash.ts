import * as z from 'zod/mini';
import { resourceId, workspaceIdParams } from './ids.js';
import { pageQuery } from './task-index.js';

/**
 * The workspace's Trash (issue 37): a deleted task (with its sub-tasks), note, link or project (with all it
 * holds) waits here 30 days for a Restore. Owners and admins see every entry; a member sees the entries they deleted.
 */
export const TRASH_DAYS = 30;
export const trashKinds = ['task', 'note', 'link', 'project'] as const;
export type TrashKind = (typeof trashKinds)[number];

export const trashEntryView = z.object({
  id: z.string(),
  kind: z.enum(trashKinds),
  /** The item's id (the head task's, for a task with sub-tasks). */
  itemId: z.string(),
  title: z.string(),
  /** A task's or note's project when deleted (a project's own id; null for a link), and that project's name then. */
  projectId: z.nullable(z.string()),
  projectName: z.nullable(z.string()),
  /** Items it holds: 1, the task and its sub-tasks, or the project and its tasks, milestones and notes. */
  itemCount: z.number(),
  deletedBy: z.string(),
  deletedAt: z.string(),
  /** When it is deleted for good. */
  expiresAt: z.string(),
  /** A project's Restore began and has not finished (it failed half-way): Restore again finishes it. */
  restoring: z.optional(z.literal(true)),
});
export type TrashEntryView = z.infer<typeof trashEntryView>;

export const listTrashQuery = z.object(pageQuery);
export type ListTrashQuery = z.output<typeof listTrashQuery>;

/** A page of the trash, the latest deletion first; `nextCursor` reads older ones. */
export const trashPage = z.object({ entries: z.array(trashEntryView), nextCursor: z.nullable(z.string()) });
export type TrashPage = z.infer<typeof trashPage>;

export const trashEntryParams = z.extend(workspaceIdParams, { entryId: resourceId() });

/** What a Restore put back: the item and, for a task, its sub-tasks' count (they came back with it). */
export const restoredTrashEntry = z.object({ kind: z.enum(trashKinds), itemId: z.string(), projectId: z.nullable(z.string()), itemCount: z.number() });
export type RestoredTrashEntry = z.infer<typeof restoredTrashEntry>;

/** Restore into another project of the workspace (a task's or note's own project deleted): optional. */
export const restoreTrashInput = z.object({ projectId: z.optional(resourceId('projectId must be a project id')) });
export type RestoreTrashInput = z.infer<typeof restoreTrashInput>;
