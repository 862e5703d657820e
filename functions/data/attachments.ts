/**
 * Files on tasks (issue 37): ATTACHMENT#<ws> / <task>#<attachment>, in one partition per workspace (deleted
 * with it), keyed by the task alone as comments are, so they stay with a task moved to another project.
 * The bytes are an object in the attachments bucket (`objectKey`, made of the ids only); this item is
 * what the app lists and authorizes by.
 *
 * An attachment is written `pending` when its upload is asked for (expiring in a day by TTL) and becomes
 * `ready` once its object was read back. Removing an item, whichever way (deleted by its uploader, with its
 * task, project or workspace, or a pending one expiring), is what deletes the object: the stream's
 * attachment cleanup (functions/files/attachment-cleanup.ts) deletes the object of each removed item.
 */

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { attachmentView, type AttachmentView } from '../../shared/schemas/attachment.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { attachmentPartition, keys, taskChildPrefix } from './keys.js';
import { batchDeleteKeys, conditionFailure, deleteItemsOfTasks, deletePartition, queryAllItems, transactWriteOrRefusal } from './table-operations.js';

const ATTACHMENT_ENTITY = 'Attachment';
/** How long an upload may stay unfinished before its item (and so its object) goes: far past its POST's expiry. */
const PENDING_SECONDS = 24 * 60 * 60;

export interface AttachmentPlace {
  readonly workspaceId: string;
  readonly projectId: string;
  readonly taskId: string;
}

/** An attachment as stored: its view, where its bytes are, and whether they were checked yet. */
export const storedAttachment = z.extend(attachmentView, {
  entity: z.literal(ATTACHMENT_ENTITY),
  workspaceId: z.string(),
  objectKey: z.string(),
  status: z.enum(['pending', 'ready']),
});
export type StoredAttachment = z.infer<typeof storedAttachment>;

/** Just the object's key, read from a stream image even when the rest would not read. */
export const storedObjectKey = z.object({ objectKey: z.string() });

/** The bucket key of an attachment's bytes: ids only, so no file name reaches a key or a URL path. */
export const attachmentObjectKey = ({ workspaceId, taskId }: AttachmentPlace, attachmentId: string): string =>
  `workspaces/${workspaceId}/tasks/${taskId}/${attachmentId}`;

export const toAttachmentView = ({ entity: _entity, workspaceId: _workspace, objectKey: _key, status: _status, ...view }: StoredAttachment): AttachmentView => view;

/**
 * Stores a pending attachment while its task is a task of that project, and its comment (if it has one) a
 * comment of that task by its uploader (one transaction): 'no-task' or 'no-comment' otherwise.
 */
export async function createPendingAttachment(place: AttachmentPlace, view: AttachmentView): Promise<'written' | 'no-task' | 'no-comment'> {
  const item = {
    ...keys.attachment(place.workspaceId, place.taskId, view.id),
    ...view,
    entity: ATTACHMENT_ENTITY,
    workspaceId: place.workspaceId,
    projectId: place.projectId,
    objectKey: attachmentObjectKey(place, view.id),
    status: 'pending',
    expiresAt: epochSeconds() + PENDING_SECONDS,
  };
  const refused = await transactWriteOrRefusal([
    {
      write: {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.projectItem('task', place.workspaceId, place.projectId, place.taskId),
          ConditionExpression: '#entity = :task',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':task': 'Task' },
        },
      },
      refused: 'no-task' as const,
    },
    ...(view.commentId === undefined
      ? []
      : [
          {
            write: {
              ConditionCheck: {
                TableName: tableName,
                Key: keys.comment(place.workspaceId, place.taskId, view.commentId),
                ConditionExpression: '#entity = :comment AND #author = :uploader',
                ExpressionAttributeNames: { '#entity': 'entity', '#author': 'authorId' },
                ExpressionAttributeValues: { ':comment': 'Comment', ':uploader': view.uploadedBy },
              },
            },
            refused: 'no-comment' as const,
          },
        ]),
    { write: { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'no-task' as const },
  ]);
  return refused ?? 'written';
}

export async function getAttachment(workspaceId: string, taskId: string, attachmentId: string): Promise<StoredAttachment | undefined> {
  const item = await getAttachmentItem(workspaceId, taskId, attachmentId);
  return item ? storedAttachment.safeParse(item).data : undefined;
}

/** The attachment's item as stored, read or not: absent only when there is no item at all. */
export async function getAttachmentItem(workspaceId: string, taskId: string, attachmentId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.attachment(workspaceId, taskId, attachmentId), ConsistentRead: true }));
  return Item;
}

/** The pending attachment becomes ready (no longer expiring); false when it is gone or was completed already. */
export async function markAttachmentReady(workspaceId: string, taskId: string, attachmentId: string): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.attachment(workspaceId, taskId, attachmentId),
        UpdateExpression: 'SET #status = :ready REMOVE #expiresAt',
        ConditionExpression: '#entity = :attachment AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#expiresAt': 'expiresAt', '#entity': 'entity' },
        ExpressionAttributeValues: { ':ready': 'ready', ':pending': 'pending', ':attachment': ATTACHMENT_ENTITY },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailure(error)) return false;
    throw error;
  }
}

/** A task's ready attachments, oldest first (their ids sort by time); read consistently, so a file just completed is listed. */
export async function readyAttachmentsOf(workspaceId: string, taskId: string): Promise<StoredAttachment[]> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': attachmentPartition(workspaceId), ':prefix': taskChildPrefix(taskId) },
  });
  return items.flatMap((item) => storedAttachment.safeParse(item).data ?? []).filter((attachment) => attachment.status === 'ready');
}

/** Every ready attachment of a workspace (an export lists them), by task. */
export async function everyReadyAttachmentOf(workspaceId: string): Promise<StoredAttachment[]> {
  const items = await queryAllItems({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': attachmentPartition(workspaceId) } });
  return items.flatMap((item) => storedAttachment.safeParse(item).data ?? []).filter((attachment) => attachment.status === 'ready');
}

/** Deletes the attachment's item (its object follows through the stream); false when it was not there. */
export async function deleteAttachment(workspaceId: string, taskId: string, attachmentId: string): Promise<boolean> {
  const refused = await transactWriteOrRefusal([
    {
      write: {
        Delete: {
          TableName: tableName,
          Key: keys.attachment(workspaceId, taskId, attachmentId),
          ConditionExpression: '#entity = :attachment',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':attachment': ATTACHMENT_ENTITY },
        },
      },
      refused: 'missing' as const,
    },
  ]);
  return refused === undefined;
}

/**
 * Deletes the files of a deleted comment (the stream deletes their objects). Called after the comment's
 * deletion: a file is only asked for while its comment is there (the transaction's check), so a consistent
 * read after finds every one, pending or ready.
 */
export async function deleteAttachmentsOfComment(workspaceId: string, taskId: string, commentId: string): Promise<void> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'commentId = :comment',
    ExpressionAttributeValues: { ':pk': attachmentPartition(workspaceId), ':prefix': taskChildPrefix(taskId), ':comment': commentId },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })));
}

/**
 * Deletes the attachments of deleted tasks. Called after the tasks' deletion: an attachment is only made
 * while its task is there (the transaction's check), so a consistent read after finds every one.
 */
export function deleteAttachmentsOfTasks(workspaceId: string, taskIds: readonly string[]): Promise<void> {
  return deleteItemsOfTasks(attachmentPartition(workspaceId), taskIds);
}

/** Deletes every attachment of a workspace with the workspace (the stream deletes their objects). */
export function deleteAttachmentsOf(workspaceId: string): Promise<void> {
  return deletePartition(attachmentPartition(workspaceId));
}
