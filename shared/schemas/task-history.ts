import * as z from 'zod/mini';
import { pageQuery } from './task-index.js';

/**
 * A task's history (issue 37): who changed which of its fields from what to what, and when, written from
 * the table's stream and kept a year. Read newest first, a page at a time
 * (GET /workspaces/{ws}/projects/{project}/tasks/{task}/history).
 */
export const historyFields = [
  'title',
  'description',
  'status',
  'completed',
  'priority',
  'dueDate',
  'timeEstimate',
  'assignedTo',
  'labelIds',
  'parentId',
  'projectId',
  'repeat',
  'blockedBy',
  'pinned',
] as const;
export type HistoryField = (typeof historyFields)[number];

/** A description is kept up to this many characters (enough to tell what changed, not a second copy). */
export const HISTORY_TEXT_MAX_LENGTH = 500;

/** A field's value as history keeps it: ids for people, labels, projects and blockers; a repeat by its rule. */
export const historyValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type HistoryValue = z.infer<typeof historyValue>;

export const fieldChange = z.object({ field: z.enum(historyFields), from: historyValue, to: historyValue });
export type FieldChange = z.infer<typeof fieldChange>;

/** Made, changed, or moved to another project (with `projectId`'s change). */
export const historyKinds = ['created', 'changed', 'moved'] as const;
export type HistoryKind = (typeof historyKinds)[number];

/**
 * One entry as the API answers it: people (`assignedTo`), labels and projects by their current names
 * ('A former member', 'A deleted label', 'A deleted project' for those gone).
 */
export const historyEntryView = z.object({
  id: z.string(),
  kind: z.enum(historyKinds),
  actorName: z.string(),
  at: z.string(),
  changes: z.array(fieldChange),
});
export type HistoryEntryView = z.infer<typeof historyEntryView>;

export const taskHistoryQuery = z.object(pageQuery);
export type TaskHistoryQuery = z.output<typeof taskHistoryQuery>;

export const taskHistoryPage = z.object({ entries: z.array(historyEntryView), nextCursor: z.nullable(z.string()) });
export type TaskHistoryPage = z.infer<typeof taskHistoryPage>;
