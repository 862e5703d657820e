/**
 * Files on tasks (issue 37): ATTACHMENT#<ws> / <task>#<attachment>, in one partition per workspace (deleted
 * with it), keyed by the task alone as comments are, so they stay with a task moved to another project. A
 * comment on a project itself has files too: P#<project>#<attachment> beside them, as its comment is beside
 * the tasks' (a place without `taskId`; each such file belongs to a comment).
 * The bytes are an object in the attachments bucket (`objectKey`, made of the ids only); this item is
 * what the app lists and authorizes by.
 *
 * An attachment is written `pending` when its upload is asked for (expiring in a day by TTL) and becomes
 * `ready` once its object was read back. Removing an item, whichever way (deleted by its uploader, with its
 * task, project or workspace, or a pending one expiring), is what deletes the object: the stream's
 * attachment cleanup (functions/files/attachment-cleanup.ts) deletes the object of each removed item.
 *
 * The workspace's ready files' bytes are counted in one item (`keys.attachmentUsage`, the quota's counter):
 * added in the transaction that makes a file ready (refused past the quota), taken off in the transaction
 * that deletes a ready one, so every delete path (by a person, with a purged trash entry) keeps it true; never
 * taken below none (files made ready before it began were never added).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { attachmentView, WORKSPACE_FILES_QUOTA_BYTES, type AttachmentView } from '../../shared/schemas/attachment.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { commentKey, type CommentPlace } from './comments.js';
import { attachmentPartition, keys, projectCommentPrefix, subjectChildPrefix, taskChildPrefix } from './keys.js';
import { PROJECT_ENTITY, DELETING_SINCE } from './project-counter-update.js';
import { deletePartition, queryAllItems, queryItems, transactWriteOrRefusal, type RefusableWrite } from './table-operations.js';

const ATTACHMENT_ENTITY = 'Attachment';
/** How long an upload may stay unfinished before its item (and so its object) goes: far past its POST's expiry. */
const PENDING_SECONDS = 24 * 60 * 60;

/** What a file is on, as comments are: the task `taskId` of the project, or without one (a comment on) the project itself. */
export type AttachmentPlace = CommentPlace;

const attachmentKey = ({ workspaceId, projectId, taskId }: AttachmentPlace, attachmentId: string) =>
  taskId === undefined ? keys.projectAttachment(workspaceId, projectId, attachmentId) : keys.attachment(workspaceId, taskId, attachmentId);

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
export const attachmentObjectKey = ({ workspaceId, projectId, taskId }: AttachmentPlace, attachmentId: string): string =>
  taskId === undefined ? `workspaces/${workspaceId}/projects/${projectId}/${attachmentId}` : `workspaces/${workspaceId}/tasks/${taskId}/${attachmentId}`;

export const toAttachmentView = ({ entity: _entity, workspaceId: _workspace, objectKey: _key, status: _status, ...view }: StoredAttachment): AttachmentView => view;

/**
 * Stores a pending attachment while its subject is there (its task a task of that project; a project not
 * being deleted, so its deletion's sweep misses none), and its comment (if it has one) a comment of that
 * subject by its uploader (one transaction): 'no-task' (no subject) or 'no-comment' otherwise.
 */
export async function createPendingAttachment(place: AttachmentPlace, view: AttachmentView): Promise<'written' | 'no-task' | 'no-comment'> {
  const item = {
    ...attachmentKey(place, view.id),
    ...view,
    entity: ATTACHMENT_ENTITY,
    workspaceId: place.workspaceId,
    projectId: place.projectId,
    objectKey: attachmentObjectKey(place, view.id),
    status: 'pending',
    expiresAt: epochSeconds() + PENDING_SECONDS,
  };
  const refused = await transactWriteOrRefusal([
    { write: { ConditionCheck: subjectCheck(place) }, refused: 'no-task' as const },
    ...(view.commentId === undefined
      ? []
      : [
          {
            write: {
              ConditionCheck: {
                TableName: tableName,
                Key: commentKey(place, view.commentId),
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

/** The check that a file's subject is there: its task in that project, or its project, not being deleted. */
function subjectCheck({ workspaceId, projectId, taskId }: AttachmentPlace) {
  return taskId === undefined
    ? {
        TableName: tableName,
        Key: keys.project(workspaceId, projectId),
        ConditionExpression: `#entity = :project AND attribute_not_exists(${DELETING_SINCE})`,
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':project': PROJECT_ENTITY },
      }
    : {
        TableName: tableName,
        Key: keys.projectItem('task', workspaceId, projectId, taskId),
        ConditionExpression: '#entity = :task',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':task': 'Task' },
      };
}

export async function getAttachment(place: AttachmentPlace, attachmentId: string): Promise<StoredAttachment | undefined> {
  const item = await getAttachmentItem(place, attachmentId);
  return item ? storedAttachment.safeParse(item).data : undefined;
}

/** The attachment's item as stored, read or not: absent only when there is no item at all. */
export async function getAttachmentItem(place: AttachmentPlace, attachmentId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: attachmentKey(place, attachmentId), ConsistentRead: true }));
  return Item;
}

/** A ready file's bytes added to the counter, refused when they would take it past `quota`. */
function usageGain(workspaceId: string, bytes: number, quota: number): RefusableWrite<'full'>['write'] {
  return {
    Update: {
      TableName: tableName,
      Key: keys.attachmentUsage(workspaceId),
      UpdateExpression: 'ADD #bytes :bytes',
      ConditionExpression: 'attribute_not_exists(#bytes) OR #bytes <= :room',
      ExpressionAttributeNames: { '#bytes': 'bytes' },
      ExpressionAttributeValues: { ':bytes': bytes, ':room': quota - bytes },
    },
  };
}

/** The bytes of a workspace's ready files (never below none). */
export async function attachmentBytesUsed(workspaceId: string): Promise<number> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.attachmentUsage(workspaceId), ConsistentRead: true }));
  return Math.max(0, z.object({ bytes: z.number() }).safeParse(Item).data?.bytes ?? 0);
}

/**
 * The pending attachment becomes ready (no longer expiring) and its bytes count, in one transaction: 'gone'
 * when it is gone or was completed already, 'full' when the workspace's files would pass their quota.
 */
export async function markAttachmentReady(place: AttachmentPlace, attachmentId: string, size: number): Promise<'ready' | 'gone' | 'full'> {
  const refused = await transactWriteOrRefusal<'gone' | 'full'>([
    {
      write: {
        Update: {
          TableName: tableName,
          Key: attachmentKey(place, attachmentId),
          UpdateExpression: 'SET #status = :ready REMOVE #expiresAt',
          ConditionExpression: '#entity = :attachment AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status', '#expiresAt': 'expiresAt', '#entity': 'entity' },
          ExpressionAttributeValues: { ':ready': 'ready', ':pending': 'pending', ':attachment': ATTACHMENT_ENTITY },
        },
      },
      refused: 'gone',
    },
    { write: usageGain(place.workspaceId, size, WORKSPACE_FILES_QUOTA_BYTES), refused: 'full' },
  ]);
  return refused ?? 'ready';
}

/** A task's (or a project's own comments') ready attachments, oldest first (their ids sort by time); read consistently, so a file just completed is listed. */
export async function readyAttachmentsOf(place: AttachmentPlace): Promise<StoredAttachment[]> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': attachmentPartition(place.workspaceId), ':prefix': subjectChildPrefix(place) },
  });
  return items.flatMap((item) => storedAttachment.safeParse(item).data ?? []).filter((attachment) => attachment.status === 'ready');
}

/**
 * Every ready attachment of a workspace (an export lists them, as it does the comments), page by page: a
 * task's with its task, a file of a project's own comment with the project its key names.
 */
export async function* everyReadyAttachmentOf(workspaceId: string): AsyncGenerator<StoredAttachment & { projectId?: string }> {
  for await (const item of queryItems({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': attachmentPartition(workspaceId) } })) {
    const attachment = storedAttachment.safeParse(item).data;
    if (attachment?.status !== 'ready') continue;
    // A project comment's file is keyed P#<project>#<file> (keys.projectAttachment).
    yield attachment.taskId === undefined ? { ...attachment, projectId: String(item.SK).split('#')[1] ?? '' } : attachment;
  }
}

/**
 * A ready file's bytes taken off the counter, never below none (files made ready before the counter began
 * were never added): refused when the counter holds less ('low'), and then, with `floor`, set to none.
 */
function usageRelease(workspaceId: string, size: number, floor: boolean): RefusableWrite<'low'> {
  const update = floor
    ? { UpdateExpression: 'SET #bytes = :none', ConditionExpression: 'attribute_not_exists(#bytes) OR #bytes < :size', ExpressionAttributeValues: { ':none': 0, ':size': size } }
    : { UpdateExpression: 'ADD #bytes :off', ConditionExpression: '#bytes >= :size', ExpressionAttributeValues: { ':off': -size, ':size': size } };
  return { write: { Update: { TableName: tableName, Key: keys.attachmentUsage(workspaceId), ExpressionAttributeNames: { '#bytes': 'bytes' }, ...update } }, refused: 'low' };
}

/** The writes removing `items` (each on condition that it is as read) and, in one, the ready ones' bytes off the counter (see `usageRelease`). */
function removal(workspaceId: string, items: readonly Record<string, unknown>[], floor: boolean): RefusableWrite<'changed' | 'low'>[] {
  let readyBytes = 0;
  const deletes = items.map((item): RefusableWrite<'changed'> => {
    const read = z.object({ status: z.string(), size: z.number() }).safeParse(item).data;
    const Key = { PK: item.PK, SK: item.SK };
    if (!read) return { write: { Delete: { TableName: tableName, Key, ConditionExpression: 'attribute_exists(PK)' } }, refused: 'changed' };
    if (read.status === 'ready') readyBytes += read.size;
    return {
      write: {
        Delete: {
          TableName: tableName,
          Key,
          ConditionExpression: '#entity = :attachment AND #status = :status',
          ExpressionAttributeNames: { '#entity': 'entity', '#status': 'status' },
          ExpressionAttributeValues: { ':attachment': ATTACHMENT_ENTITY, ':status': read.status },
        },
      },
      refused: 'changed',
    };
  });
  return readyBytes > 0 ? [...deletes, usageRelease(workspaceId, readyBytes, floor)] : deletes;
}

const REMOVAL_TRIES = 4;
/** Items one removal transaction deletes, with room for the counter's change (a transaction holds 100). */
const REMOVALS_AT_ONCE = 99;

/**
 * Deletes attachment items (their objects follow through the stream), ready ones' bytes taken off the
 * counter in the same transaction, up to 99 items and one counter change a transaction (so a purge of many
 * files contends little for the counter, and a repeat, finding the deleted ones gone, takes nothing off
 * twice); `read` again and retried when some changed meanwhile (completed), or with the counter set to none
 * when it held less. False when there was nothing to delete.
 */
async function removeAttachmentItems(workspaceId: string, read: () => Promise<Record<string, unknown>[]>): Promise<boolean> {
  let floor = false;
  let removed = false;
  for (let attempt = 1; ; attempt += 1) {
    const items = await read();
    if (items.length === 0) return removed;
    let refusedAny = false;
    for (let start = 0; start < items.length; start += REMOVALS_AT_ONCE) {
      const refused: 'changed' | 'low' | undefined = await transactWriteOrRefusal(removal(workspaceId, items.slice(start, start + REMOVALS_AT_ONCE), floor));
      if (refused === 'low') floor = !floor;
      if (refused) refusedAny = true;
      else removed = true;
    }
    if (!refusedAny) return true;
    if (attempt >= REMOVAL_TRIES) throw new Error('The attachments kept changing while they were being deleted');
  }
}

/** Deletes the attachment's item (see `removeAttachmentItems`); false when it was not there. */
export function deleteAttachment(place: AttachmentPlace, attachmentId: string): Promise<boolean> {
  return removeAttachmentItems(place.workspaceId, async () => {
    const item = await getAttachmentItem(place, attachmentId);
    return item ? [item] : [];
  });
}

/**
 * Deletes the files of a deleted comment as `removeAttachmentItems` does (the stream deletes their objects).
 * Called after the comment's deletion: a file is only asked for while its comment is there (the
 * transaction's check), so a consistent read after finds every one, pending or ready.
 */
export async function deleteAttachmentsOfComment(place: AttachmentPlace, commentId: string): Promise<void> {
  await removeAttachmentItems(place.workspaceId, () => attachmentItemsOfComment(place, commentId));
}

/** Whether a comment has files, pending or ready (an upload changes no field of the comment itself). */
export async function commentHasAttachments(place: AttachmentPlace, commentId: string): Promise<boolean> {
  return (await attachmentItemsOfComment(place, commentId)).length > 0;
}

const attachmentItemsOfComment = (place: AttachmentPlace, commentId: string) =>
  queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'commentId = :comment',
    ExpressionAttributeValues: { ':pk': attachmentPartition(place.workspaceId), ':prefix': subjectChildPrefix(place), ':comment': commentId },
  });

/**
 * Deletes the files of a project's own comments as `removeAttachmentItems` does, with those comments (a
 * purged or expired Trash entry of the project). Called after the comments' deletion: a file is only asked
 * for while its comment is there, so a consistent read after finds every one.
 */
export async function deleteAttachmentsOfProjectComments(workspaceId: string, projectId: string): Promise<void> {
  await removeAttachmentItems(workspaceId, () =>
    queryAllItems({
      ConsistentRead: true,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': attachmentPartition(workspaceId), ':prefix': projectCommentPrefix(projectId) },
    }),
  );
}

/**
 * Deletes the attachments of deleted tasks (a purged or expired trash entry's) as `removeAttachmentItems`
 * does. Called after the tasks' deletion: an attachment is only made while its task is there (the
 * transaction's check), so a consistent read after finds every one.
 */
export async function deleteAttachmentsOfTasks(workspaceId: string, taskIds: readonly string[]): Promise<void> {
  const readAll = async () => {
    const perTask = await Promise.all(
      [...new Set(taskIds)].map((taskId) =>
        queryAllItems({
          ConsistentRead: true,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': attachmentPartition(workspaceId), ':prefix': taskChildPrefix(taskId) },
        }),
      ),
    );
    return perTask.flat();
  };
  await removeAttachmentItems(workspaceId, readAll);
}

/** Deletes every attachment of a workspace, and its counter, with the workspace (the stream deletes their objects). */
export function deleteAttachmentsOf(workspaceId: string): Promise<void> {
  return deletePartition(attachmentPartition(workspaceId));
}
