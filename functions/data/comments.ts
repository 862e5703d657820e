/**
 * Comments on tasks (issue 37): COMMENT#<ws> / <task>#<comment>, in one partition per workspace (deleted
 * with it), keyed by the task alone so they stay with a task moved to another project. Comment ids begin
 * with their time of creation, so a task's comments sort oldest first in key order (read backwards, newest page first).
 *
 * Each comment made or deleted moves the task's `commentCount` in the same transaction, and gives the task
 * a new `version`: task writes put the whole item, so a write on an older copy can neither take the count
 * back nor pass unnoticed, and the push of the new version carries the count to every open board.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { commentView, type CommentView } from '../../shared/schemas/comment.js';
import { documentClient, tableName } from './client.js';
import { commentPartition, commentPrefix, keys } from './keys.js';
import { deleteItemsOfTasks, deletePartition, queryAllItems, transactWriteOrRefusal, type RefusableWrite } from './table-operations.js';
import { newestFirstPage } from './newest-first-pages.js';
import type { ImportMark } from './project-children.js';

const COMMENT_ENTITY = 'Comment';

/** A comment as stored: its view, with the entity and the task's workspace and project beside it. */
export const storedComment = z.pipe(
  z.extend(commentView, { entity: z.literal(COMMENT_ENTITY), workspaceId: z.string(), projectId: z.string() }),
  z.transform(({ entity: _entity, workspaceId: _workspace, projectId: _project, ...comment }): CommentView => comment),
);

export interface CommentPlace {
  readonly workspaceId: string;
  readonly projectId: string;
  readonly taskId: string;
}

export const commentItem = (place: CommentPlace, comment: CommentView) => ({
  ...keys.comment(place.workspaceId, place.taskId, comment.id),
  entity: COMMENT_ENTITY,
  workspaceId: place.workspaceId,
  projectId: place.projectId,
  ...comment,
});

export type CommentWriteOutcome = 'written' | 'no-task' | 'no-comment';

/** The task's comment count moved by `change` (and its version by one), while it is a task in that project. */
function taskCountChange({ workspaceId, projectId, taskId }: CommentPlace, change: number): RefusableWrite<CommentWriteOutcome> {
  return {
    write: {
      Update: {
        TableName: tableName,
        Key: keys.projectItem('task', workspaceId, projectId, taskId),
        UpdateExpression: 'ADD #count :change, #version :one',
        ConditionExpression: '#entity = :task',
        ExpressionAttributeNames: { '#count': 'commentCount', '#version': 'version', '#entity': 'entity' },
        ExpressionAttributeValues: { ':change': change, ':one': 1, ':task': 'Task' },
      },
    },
    refused: 'no-task',
  };
}

/** Stores a new comment and counts it on its task, while the task is there (one transaction). */
export async function createComment(place: CommentPlace, comment: CommentView, mark: ImportMark = {}): Promise<CommentWriteOutcome> {
  const refused = await transactWriteOrRefusal([
    taskCountChange(place, 1),
    { write: { Put: { TableName: tableName, Item: { ...commentItem(place, comment), ...mark }, ConditionExpression: 'attribute_not_exists(PK)' } } },
  ]);
  return refused ?? 'written';
}

export async function getComment(workspaceId: string, taskId: string, commentId: string): Promise<CommentView | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.comment(workspaceId, taskId, commentId), ConsistentRead: true }));
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

/** Deletes the comment and uncounts it from its task (one transaction). */
export async function deleteComment(place: CommentPlace, commentId: string): Promise<CommentWriteOutcome> {
  const refused = await transactWriteOrRefusal<CommentWriteOutcome>([
    {
      write: {
        Delete: {
          TableName: tableName,
          Key: keys.comment(place.workspaceId, place.taskId, commentId),
          ConditionExpression: '#entity = :comment',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':comment': COMMENT_ENTITY },
        },
      },
      refused: 'no-comment',
    },
    taskCountChange(place, -1),
  ]);
  return refused ?? 'written';
}

/**
 * One page of a task's comments: the newest page first (the thread's end is what a reader wants, and the
 * comment just posted is on it), each page oldest first; `nextCursor` reads the page of earlier ones.
 * 'bad-cursor' for a cursor no such page could have made.
 */
export async function commentPage(
  workspaceId: string,
  taskId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ comments: CommentView[]; nextCursor: string | null } | 'bad-cursor'> {
  const read = await newestFirstPage(commentPartition(workspaceId), commentPrefix(taskId), page);
  if (read === 'bad-cursor') return read;
  return { comments: read.items.flatMap((item) => storedComment.safeParse(item).data ?? []).reverse(), nextCursor: read.nextCursor };
}

/** Every comment of a workspace (an export reads them all): by task, each task's oldest first. */
export async function everyCommentOf(workspaceId: string): Promise<CommentView[]> {
  const items = await queryAllItems({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': commentPartition(workspaceId) } });
  return items.flatMap((item) => storedComment.safeParse(item).data ?? []);
}

/**
 * Deletes the comments of deleted tasks: a project's with the project, a Trash entry's when it is purged or
 * expires (data/trash.ts). Called after the tasks' deletion: a comment can only be made while its task is
 * there (its count's condition), so a consistent read after finds every one.
 */
export function deleteCommentsOfTasks(workspaceId: string, taskIds: readonly string[]): Promise<void> {
  return deleteItemsOfTasks(commentPartition(workspaceId), taskIds);
}

/** Deletes every comment of a workspace with the workspace. */
export function deleteCommentsOf(workspaceId: string): Promise<void> {
  return deletePartition(commentPartition(workspaceId));
}
