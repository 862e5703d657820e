import * as z from 'zod/mini';
import { noteView } from './project.js';
import { pageQuery } from './task-index.js';

/**
 * The workspace's notes across its projects (GET /workspaces/{workspaceId}/notes, the /notes page): newest
 * edit first, one Query per page of at most `limit`; `nextCursor` (null on the last page) asks for the next.
 */
export const listNotesQuery = z.object({ ...pageQuery });
export type ListNotesQuery = z.output<typeof listNotesQuery>;

export const notePage = z.object({ notes: z.array(noteView), nextCursor: z.nullable(z.string()) });
export type NotePage = z.infer<typeof notePage>;
