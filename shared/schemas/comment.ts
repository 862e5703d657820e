import * as z from 'zod/mini';
import { containsUnprintableInLines } from '../rules/printable-text.js';
import { pageQuery } from './task-index.js';

/**
 * Comments on tasks and on projects (issue 37): markdown, shown through the notes' safe renderer, newest
 * last. Mentions are `@[<userId>]` tokens (shared/rules/mentions.ts), listed in `mentions`. The author edits
 * and deletes their own; owners and admins delete any. The task or project counts its comments
 * (`commentCount` on it).
 */
export const COMMENT_MAX_LENGTH = 20_000;

const commentBody = z.string({ error: 'Comment must be text' }).check(
  z.refine((text) => text.trim() !== '', { error: 'Comment is required', abort: true }),
  z.maxLength(COMMENT_MAX_LENGTH, { error: `Comment must be at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters` }),
  z.refine((text) => !containsUnprintableInLines(text), { error: 'Comment must not hold control characters' }),
);

export const commentInput = z.object({ body: commentBody });
export type CommentInput = z.infer<typeof commentInput>;

export const commentView = z.object({
  id: z.string(),
  /** The task commented on; absent on a comment on a project itself. */
  taskId: z.optional(z.string()),
  authorId: z.string(),
  body: z.string(),
  /** The members the body mentions (user ids). */
  mentions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Edited since it was written (the "edited" mark). */
  edited: z.boolean(),
});
export type CommentView = z.infer<typeof commentView>;
/** A comment on a task. */
export type TaskCommentView = CommentView & { taskId: string };

export const commentResponse = z.object({ comment: commentView });
export type CommentResponse = z.infer<typeof commentResponse>;

export const listCommentsQuery = z.object(pageQuery);
export type ListCommentsQuery = z.output<typeof listCommentsQuery>;

/** A page of a task's or a project's comments, oldest first (newest last); the first page is the newest, `nextCursor` reads the earlier ones. */
export const commentPage = z.object({ comments: z.array(commentView), nextCursor: z.nullable(z.string()) });
export type CommentPage = z.infer<typeof commentPage>;
