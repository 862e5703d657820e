/**
 * Comments on tasks and projects (issue 37): COMMENT#<ws> / <task>#<comment> or P#<project>#<comment>, in one
 * partition per workspace (deleted with it); a task's keyed by the task alone so they stay with a task moved
 * to another project. Comment ids begin with their time of creation, so a subject's comments sort oldest
 * first in key order (read backwards, newest page first).
 *
 * Each comment made or deleted moves its subject's `commentCount` in the same transaction. A task's also
 * gets a new `version`: task writes put the whole item, so a write on an older copy can neither take the
 * count back nor pass unnoticed, and the push of the new version carries the count to every open board. A
 * project's is one of its counters (data/project-counter-update.ts): pushed as its counts, and refused once
 * the project's deletion has begun, so that deletion's sweep of its comments misses none.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { commentView, type CommentView } from '../../shared/schemas/comment.js';
import { documentClient, tableName } from './client.js';
import { commentPartition, keys, projectCommentPrefix, subjectChildPrefix, type ItemKey } from './keys.js';
import { projectCounterUpdate } from './project-counter-update.js';
import { deleteItemsOfTasks, deleteItemsWithPrefix, deletePartition, queryItems, transactWriteOrRefusal, type RefusableWrite } from './table-operations.js';
import { newestFirstPage } from './newest-first-pages.js';
import type { ImportMark } from './project-children.js';

const COMMENT_ENTITY = 'Comment';

/** A comment as stored: its view, with the entity and its workspace and project beside it. */
export const storedComment = z.pipe(
  z.extend(commentView, { entity: z.literal(COMMENT_ENTITY), workspaceId: z.string(), projectId: z.string() }),
  z.transform(({ entity: _entity, workspaceId: _workspace, projectId: _project, ...comment }): CommentView => comment),
);

/** What a comment is on: the task `taskId` of the project, or without one the project itself. */
export interface CommentPlace {
  readonly workspaceId: string;
  readonly projectId: string;
  readonly taskId?: string | undefined;
}

export const commentKey = ({ workspaceId, projectId, taskId }: CommentPlace, commentId: string): ItemKey =>
  taskId === undefined ? keys.projectComment(workspaceId, projectId, commentId) : keys.comment(workspaceId, taskId, commentId);

export const commentItem = (place: CommentPlace, comment: CommentView) => ({
  ...commentKey(place, comment.id),
  entity: COMMENT_ENTITY,
  workspaceId: place.workspaceId,
  projectId: place.projectId,
  ...comment,
});

export type CommentWriteOutcome = 'written' | 'no-subject' | 'no-comment';

/**
 * The subject's comment count moved by `change`, while it is there: a task's (and its version by one) while
 * it is a task in that project; a project's while it is not being deleted.
 */
function countChange(place: CommentPlace, change: number): RefusableWrite<CommentWriteOutcome> {
  const { workspaceId, projectId, taskId } = place;
  if (taskId === undefined) return { write: projectCounterUpdate(workspaceId, projectId, { commentCount: change }), refused: 'no-subject' };
  return taskCountChange({ workspaceId, projectId, taskId }, change);
}

/** A task's comment count moved by `change`, and its version as many (each comment is a write of it). */
function taskCountChange({ workspaceId, projectId, taskId }: CommentPlace & { taskId: string }, change: number): RefusableWrite<CommentWriteOutcome> {
  return {
    write: {
      Update: {
        TableName: tableName,
        Key: keys.projectItem('task', workspaceId, projectId, taskId),
        UpdateExpression: 'ADD #count :change, #version :versions',
        ConditionExpression: '#entity = :task',
        ExpressionAttributeNames: { '#count': 'commentCount', '#version': 'version', '#entity': 'entity' },
        ExpressionAttributeValues: { ':change': change, ':versions': Math.max(1, Math.abs(change)), ':task': 'Task' },
      },
    },
    refused: 'no-subject',
  };
}

/** Stores a new comment and counts it on its subject, while that is there (one transaction). */
export async function createComment(place: CommentPlace, comment: CommentView, mark: ImportMark = {}): Promise<CommentWriteOutcome> {
  const refused = await transactWriteOrRefusal([
    countChange(place, 1),
    { write: { Put: { TableName: tableName, Item: { ...commentItem(place, comment), ...mark }, ConditionExpression: 'attribute_not_exists(PK)' } } },
  ]);
  return refused ?? 'written';
}

/**
 * New comments on tasks written together (an import's chunk): each comment's Put (only if new) and one
 * count change per task (its version moved as many), in one transaction of at most 100 items (the caller
 * keeps comments plus their distinct tasks within it). All or nothing: on a refusal nothing is written and
 * the caller writes them one by one (createComment) to learn which and why.
 */
export async function createCommentsTogether(entries: readonly { place: CommentPlace & { taskId: string }; comment: CommentView }[], mark: ImportMark = {}): Promise<CommentWriteOutcome> {
  const perTask = new Map<string, { place: CommentPlace & { taskId: string }; count: number }>();
  for (const { place } of entries) {
    const key = `${place.projectId}#${place.taskId}`;
    perTask.set(key, { place, count: (perTask.get(key)?.count ?? 0) + 1 });
  }
  const refused = await transactWriteOrRefusal<CommentWriteOutcome>([
    ...[...perTask.values()].map(({ place, count }) => taskCountChange(place, count)),
    ...entries.map(({ place, comment }) => ({ write: { Put: { TableName: tableName, Item: { ...commentItem(place, comment), ...mark }, ConditionExpression: 'attribute_not_exists(PK)' } } })),
  ]);
  return refused ?? 'written';
}

export async function getComment(place: CommentPlace, commentId: string): Promise<CommentView | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: commentKey(place, commentId), ConsistentRead: true }));
  return Item ? storedComment.safeParse(Item).data : undefined;
}

/** Replaces the comment's body while it is there and still its author's. */
export async function replaceComment(place: CommentPlace, next: CommentView): Promise<CommentWriteOutcome> {
  const refused = await transactWriteOrRefusal<CommentWriteOutcome>([
    {
      write: {
        Put: {
          TableName: tableName,
          Item: commentItem(place, next),
          ConditionExpression: '#entity = :comment AND #author = :author',
          ExpressionAttributeNames: { '#entity': 'entity', '#author': 'authorId' },
          ExpressionAttributeValues: { ':comment': COMMENT_ENTITY, ':author': next.authorId },
        },
      },
      refused: 'no-comment',
    },
  ]);
  return refused ?? 'written';
}

/** Deletes the comment and uncounts it from its subject (one transaction). */
export async function deleteComment(place: CommentPlace, commentId: string): Promise<CommentWriteOutcome> {
  const refused = await transactWriteOrRefusal<CommentWriteOutcome>([
    {
      write: {
        Delete: {
          TableName: tableName,
          Key: commentKey(place, commentId),
          ConditionExpression: '#entity = :comment',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':comment': COMMENT_ENTITY },
        },
      },
      refused: 'no-comment',
    },
    countChange(place, -1),
  ]);
  return refused ?? 'written';
}

/**
 * One page of a task's or project's comments: the newest page first (the thread's end is what a reader wants, and the
 * comment just posted is on it), each page oldest first; `nextCursor` reads the page of earlier ones.
 * 'bad-cursor' for a cursor no such page could have made.
 */
export async function commentPage(
  place: CommentPlace,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ comments: CommentView[]; nextCursor: string | null } | 'bad-cursor'> {
  const read = await newestFirstPage(commentPartition(place.workspaceId), subjectChildPrefix(place), page);
  if (read === 'bad-cursor') return read;
  return { comments: read.items.flatMap((item) => storedComment.safeParse(item).data ?? []).reverse(), nextCursor: read.nextCursor };
}

/** A comment with the project it was written in: a task's (whose task may have moved since) or the project's own. */
export type PlacedComment = CommentView & { readonly projectId: string };

const placedComment = z.pipe(
  z.extend(commentView, { entity: z.literal(COMMENT_ENTITY), projectId: z.string() }),
  z.transform(({ entity: _entity, ...comment }): PlacedComment => comment),
);

/**
 * Every comment of a workspace (an export reads them all), page by page in key order: a task's by task, each
 * task's oldest first, and each project's own beside them (P#<project>#…), likewise.
 */
export async function* everyCommentOf(workspaceId: string): AsyncGenerator<PlacedComment> {
  for await (const item of queryItems({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': commentPartition(workspaceId) } })) {
    const comment = placedComment.safeParse(item).data;
    if (comment) yield comment;
  }
}

/**
 * Deletes the comments of deleted tasks: a project's with the project, a Trash entry's when it is purged or
 * expires (data/trash.ts). Called after the tasks' deletion: a comment can only be made while its task is
 * there (its count's condition), so a consistent read after finds every one.
 */
export function deleteCommentsOfTasks(workspaceId: string, taskIds: readonly string[]): Promise<void> {
  return deleteItemsOfTasks(commentPartition(workspaceId), taskIds);
}

/**
 * Deletes a project's own comments with the project: after it was marked for deletion, from when no
 * comment on it can be made (its count's condition), so a consistent read finds every one.
 */
export function deleteCommentsOfProject(workspaceId: string, projectId: string): Promise<void> {
  return deleteItemsWithPrefix(commentPartition(workspaceId), projectCommentPrefix(projectId));
}

/** Deletes every comment of a workspace with the workspace. */
export function deleteCommentsOf(workspaceId: string): Promise<void> {
  return deletePartition(commentPartition(workspaceId));
}
