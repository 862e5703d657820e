import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';

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
  kind: z.enum(['task', 'note']),
  projectId: z.string(),
  id: z.string(),
  /** The version the write produced; the undo only applies while the item is still at it. */
  versionAfter: z.number(),
  /** The fields the write changed, as they were; absent for a create (undone by deleting). */
  before: z.optional(z.record(z.string(), z.unknown())),
  label: z.string(),
});
export type UndoRecord = z.infer<typeof undoRecord>;

const storedUndo = z.object({ entity: z.literal('ToolUndo'), record: undoRecord });

export async function putUndo(workspaceId: string, userId: string, token: string, record: UndoRecord): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.undo(workspaceId, userId, token), entity: 'ToolUndo', record, expiresAt: inSeconds(UNDO_LIFETIME_SECONDS) },
    }),
  );
}

/** The undo of the caller's own write in this workspace (tokens of others, or of elsewhere, are not found). */
export async function getUndo(workspaceId: string, userId: string, token: string): Promise<UndoRecord | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.undo(workspaceId, userId, token) }));
  return Item ? storedUndo.parse(Item).record : undefined;
}

/** An undo is used once. */
export async function deleteUndo(workspaceId: string, userId: string, token: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.undo(workspaceId, userId, token) }));
}
