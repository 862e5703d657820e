import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { batchGetItems } from './batch-get.js';
import { chatPartition, keys } from './keys.js';
import { writtenUnlessRefused } from './table-operations.js';

/**
 * What the assistant keeps between requests besides conversations: replies the user stopped (the worker
 * looks between steps) and what each of its writes can take back. Both expire through the table's TTL.
 */
const STOP_LIFETIME_SECONDS = 60 * 60;
const UNDO_LIFETIME_SECONDS = 24 * 60 * 60;

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

export async function markStopped(userId: string, requestId: string): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.chatStop(userId, requestId), entity: 'ChatStop', expiresAt: inSeconds(STOP_LIFETIME_SECONDS) } }),
  );
}

export async function wasStopped(userId: string, requestId: string): Promise<boolean> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.chatStop(userId, requestId) }));
  return Item !== undefined;
}

/** How to take back one write: the item it touched, the version the write left, and what was there before. */
export const undoRecord = z.object({
  kind: z.enum(['project', 'task', 'milestone', 'note']),
  projectId: z.string(),
  /** The item's id (a project's own id for a project). */
  id: z.string(),
  /** The version the write produced; the undo only applies while the item is still at it. */
  versionAfter: z.number(),
  /** The fields the write changed, as they were; absent for a create (undone by deleting). */
  before: z.optional(z.record(z.string(), z.unknown())),
  label: z.string(),
});
export type UndoRecord = z.infer<typeof undoRecord>;

/** An undo item; `undoneMessage` once it was used (kept, so a reloaded conversation shows it was undone). */
const storedUndo = z.object({ entity: z.literal('ToolUndo'), record: undoRecord, expiresAt: z.number(), undoneMessage: z.optional(z.string()) });
export type StoredUndo = { readonly record: UndoRecord; readonly undoneMessage?: string };

/** TTL deletes lazily (within days), so an item past its expiry is treated as gone. */
const unexpired = (item: z.infer<typeof storedUndo>) => item.expiresAt > Date.now() / 1000;

export async function putUndo(workspaceId: string, userId: string, token: string, record: UndoRecord): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.undo(workspaceId, userId, token), entity: 'ToolUndo', record, expiresAt: inSeconds(UNDO_LIFETIME_SECONDS) },
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
  const tokenBySortKey = new Map([...new Set(tokens)].map((token) => [keys.undo(workspaceId, userId, token).SK, token]));
  const items = await batchGetItems([...tokenBySortKey.keys()].map((SK) => ({ PK: chatPartition(workspaceId, userId), SK })));
  const states = new Map<string, { undoneMessage?: string }>();
  for (const item of items) {
    const stored = storedUndo.parse(item);
    const token = tokenBySortKey.get(String(item.SK));
    if (token !== undefined && unexpired(stored)) states.set(token, stored.undoneMessage === undefined ? {} : { undoneMessage: stored.undoneMessage });
  }
  return states;
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
