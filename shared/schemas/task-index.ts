import * as z from 'zod/mini';
import { resourceId } from './ids.js';
import { calendarDate, taskStatuses, taskView } from './project.js';

/**
 * The workspace-wide task index (GET /workspaces/{workspaceId}/tasks): one DynamoDB Query per page,
 * whatever the size of the workspace. `by` picks the question:
 *
 * - `due`: open tasks with a due date (`state=completed`: completed ones), soonest first, optionally within
 *   [from, to] (days, inclusive);
 * - `assignee`: one member's tasks; `state=open` (default) soonest due first, undated last;
 *   `state=completed` most recently completed first, optionally only those completed at or after `since`;
 * - `status`: tasks in one column, newest activity (completion, else creation) first, optionally only those
 *   whose activity is at or after `since` (for `completed`: completed since then);
 * - `activity`: every task, most recently created or completed first, optionally only since `since`.
 *
 * Pages hold at most `limit` tasks; `nextCursor` (null on the last page) asks for the next one.
 */
export const TASK_PAGE_DEFAULT_SIZE = 50;
export const TASK_PAGE_MAX_SIZE = 100;
/** Cursors are opaque: the encoded position of the last task of a page. */
export const TASK_CURSOR_MAX_LENGTH = 2048;

export const taskIndexes = ['due', 'assignee', 'status', 'activity'] as const;
export type TaskIndex = (typeof taskIndexes)[number];

const instant = z.iso.datetime({ error: 'Must be a timestamp such as 2026-11-23T09:00:00.000Z' });

/** Page size and cursor, shared by the paged reads of the indexes (tasks here, notes in note-index.ts). */
export const pageQuery = {
  limit: z._default(
    z.coerce.number({ error: 'limit must be a number' }).check(
      z.int({ error: 'limit must be a whole number' }),
      z.minimum(1, { error: 'limit must be at least 1' }),
      z.maximum(TASK_PAGE_MAX_SIZE, { error: `limit must be at most ${TASK_PAGE_MAX_SIZE}` }),
    ),
    TASK_PAGE_DEFAULT_SIZE,
  ),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(TASK_CURSOR_MAX_LENGTH, { error: 'cursor is not one this API made' }))),
};

export const listTasksQuery = z.discriminatedUnion(
  'by',
  [
    z
      .object({
        by: z.literal('due'),
        from: z.optional(calendarDate),
        to: z.optional(calendarDate),
        /** Open tasks when left out. */
        state: z.optional(z.enum(['open', 'completed'], { error: 'state must be open or completed' })),
        ...pageQuery,
      })
      .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'from must not be after to', path: ['from'] })),
    z.object({
      by: z.literal('assignee'),
      assignee: resourceId('assignee is required'),
      state: z._default(z.enum(['open', 'completed'], { error: 'state must be open or completed' }), 'open'),
      since: z.optional(instant),
      ...pageQuery,
    }),
    z.object({
      by: z.literal('status'),
      status: z.enum(taskStatuses, { error: 'status must be todo, in_progress or completed' }),
      since: z.optional(instant),
      ...pageQuery,
    }),
    z.object({ by: z.literal('activity'), since: z.optional(instant), ...pageQuery }),
  ],
  { error: `by must be one of ${taskIndexes.join(', ')}` },
);
export type ListTasksQuery = z.output<typeof listTasksQuery>;
export type ListTasksQueryInput = z.input<typeof listTasksQuery>;

export const taskPage = z.object({ tasks: z.array(taskView), nextCursor: z.nullable(z.string()) });
export type TaskPage = z.infer<typeof taskPage>;
