import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { REPLIES_IN_FLIGHT_PER_USER } from '../../shared/schemas/chat.js';
import { taskStatuses } from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import { batchGetItems } from './batch-get.js';
import { chatPartition, keys, type ItemKey } from './keys.js';
import { writtenUnlessRefused } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * What the assistant keeps between requests besides conversations: the user's replies in flight (at most
 * REPLIES_IN_FLIGHT_PER_USER), replies the user stopped (the worker looks between steps) and what each of
 * its writes can take back. All expire through the table's TTL.
 */
const STOP_LIFETIME_SECONDS = 60 * 60;
/** How long a write of the assistant (or of an outside agent, agent-changes.ts) can be taken back. */
export const UNDO_LIFETIME_SECONDS = 24 * 60 * 60;

export async function markStopped(userId: string, requestId: string): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.chatStop(userId, requestId), entity: 'ChatStop', expiresAt: epochSeconds() + STOP_LIFETIME_SECONDS } }),
  );
}

/**
 * Takes one of the user's reply slots (REPLIES_IN_FLIGHT_PER_USER) for this request until `leaseSeconds`
 * from now, or until it is given back; false when every slot is held by a reply still running. A slot whose
 * lease ran out (a worker that died) is free again.
 */
export async function claimReplySlot(userId: string, requestId: string, leaseSeconds: number): Promise<boolean> {
  const now = epochSeconds();
  for (let slot = 0; slot < REPLIES_IN_FLIGHT_PER_USER; slot += 1) {
    const claimed = await writtenUnlessRefused(() =>
      documentClient.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.replySlot(userId, slot), entity: 'ReplySlot', requestId, leaseUntil: now + leaseSeconds, expiresAt: now + leaseSeconds + 60 },
          ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
    if (claimed) return true;
  }
  return false;
}

/** Gives back the slot this request holds, if it still holds one. */
export async function releaseReplySlot(userId: string, requestId: string): Promise<void> {
  await Promise.all(
    Array.from({ length: REPLIES_IN_FLIGHT_PER_USER }, (_, slot) =>
      writtenUnlessRefused(() =>
        documentClient.send(
          new DeleteCommand({ TableName: tableName, Key: keys.replySlot(userId, slot), ConditionExpression: 'requestId = :requestId', ExpressionAttributeValues: { ':requestId': requestId } }),
        ),
      ),
    ),
  );
}

export async function wasStopped(userId: string, requestId: string): Promise<boolean> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.chatStop(userId, requestId) }));
  return Item !== undefined;
}

/** How to take back one write: the item it touched, the version the write left, and what was there before. */
export const undoRecord = z.object({
  kind: z.enum(['project', 'task', 'milestone', 'note', 'comment']),
  projectId: z.string(),
  /** A comment's task (comments are keyed by it); absent for a comment on the project itself. */
  taskId: z.optional(z.string()),
  /** The item's id (a project's own id for a project). */
  id: z.string(),
  /** The version the write produced; the undo only applies while the item is still at it. */
  versionAfter: z.number(),
  /** The fields the write changed, as they were; absent for a create (undone by deleting). */
  before: z.optional(z.record(z.string(), z.unknown())),
  /** The same fields as the write left them: while they still hold, the edit can be undone at a later version. */
  after: z.optional(z.record(z.string(), z.unknown())),
  /** A task's sub-tasks the write completed with it (same project): each reopened to `status` while still at `versionAfter`. */
  subtasks: z.optional(z.array(z.object({ id: z.string(), versionAfter: z.number(), status: z.enum(taskStatuses) }))),
  label: z.string(),
});
export type UndoRecord = z.infer<typeof undoRecord>;

/** An undo item; `undoneMessage` once it was used (kept, so a reloaded conversation shows it was undone). */
const storedUndo = z.object({ entity: z.literal('ToolUndo'), record: undoRecord, expiresAt: z.number(), undoneMessage: z.optional(z.string()) });
export type StoredUndo = { readonly record: UndoRecord; readonly undoneMessage?: string };

/** TTL deletes lazily (within days), so an item past its expiry is treated as gone. */
const unexpired = (item: z.infer<typeof storedUndo>) => item.expiresAt > epochSeconds();

export async function putUndo(workspaceId: string, userId: string, token: string, record: UndoRecord): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.undo(workspaceId, userId, token), entity: 'ToolUndo', record, expiresAt: epochSeconds() + UNDO_LIFETIME_SECONDS },
    }),
  );
}

/** The undo of the caller's own write in this workspace (tokens of others, or of elsewhere, are not found). */
export async function getUndo(workspaceId: string, userId: string, token: string): Promise<StoredUndo | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.undo(workspaceId, userId, token) }));
  const stored = Item ? storedUndo.parse(Item) : undefined;
  if (!stored || !unexpired(stored)) return undefined;
  return stored.undoneMessage === undefined ? { record: stored.record } : { record: stored.record, undoneMessage: stored.undoneMessage };
}

/** What became of each of these tokens of the caller: unused, or undone with its message; absent ones expired. */
export async function getUndoStates(workspaceId: string, userId: string, tokens: readonly string[]): Promise<Map<string, { undoneMessage?: string }>> {
  const states = new Map<string, { undoneMessage?: string }>();
  for (const [token, item] of await chatItemsByToken(workspaceId, userId, tokens, (token) => keys.undo(workspaceId, userId, token))) {
    const stored = storedUndo.parse(item);
    if (unexpired(stored)) states.set(token, stored.undoneMessage === undefined ? {} : { undoneMessage: stored.undoneMessage });
  }
  return states;
}

/** The caller's items kept under these tokens in their chat partition (undos, proposals), by token, in one batch read. */
export async function chatItemsByToken(
  workspaceId: string,
  userId: string,
  tokens: readonly string[],
  keyOf: (token: string) => ItemKey,
): Promise<Map<string, Record<string, unknown>>> {
  const tokenBySortKey = new Map([...new Set(tokens)].map((token) => [keyOf(token).SK, token]));
  const items = await batchGetItems([...tokenBySortKey.keys()].map((SK) => ({ PK: chatPartition(workspaceId, userId), SK })));
  return new Map(
    items.flatMap((item) => {
      const token = tokenBySortKey.get(String(item.SK));
      return token === undefined ? [] : [[token, item] as const];
    }),
  );
}

/** An undo is used once: it keeps what it did, for the conversation's pill after a reload, until its TTL. */
export async function markUndone(workspaceId: string, userId: string, token: string, message: string): Promise<void> {
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.undo(workspaceId, userId, token),
        UpdateExpression: 'SET undoneMessage = :message',
        // Never brings back an item TTL has deleted meanwhile as a half item.
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':message': message },
      }),
    ),
  );
}
