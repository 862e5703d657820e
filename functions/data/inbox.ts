/**
 * The inbox's notices (issue 37): INBOX#<user> / N#<notice>, one partition per reader, so every read and
 * mark is of the caller's own partition and another user's notice is simply not found. Kept 90 days (TTL).
 *
 * A notice's id is its time (sortable, base 36) and a hash of its reader, kind and source change, so the
 * same change read again (a redelivered stream record, a retried job) names the same item; it is put only
 * if absent, which keeps a reader's read mark.
 */
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { inboxNoticeView } from '../../shared/schemas/inbox.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import type { NoticeDraft } from './inbox-recipients.js';
import { INBOX_NOTICE_PREFIX, inboxPartition, keys } from './keys.js';
import { newestFirstPage } from './newest-first-pages.js';
import { conditionFailure, queryAllItems } from './table-operations.js';

const KEPT_SECONDS = 90 * 24 * 60 * 60;
const NOTICE_ENTITY = 'InboxNotice';

/** A notice as stored: the view without the actor's name, which is read as it is now. */
export const storedNotice = z.omit(inboxNoticeView, { actorName: true });
export type StoredNotice = z.infer<typeof storedNotice>;

/** The notice's id: its time, then 16 hex digits of the hash of who it is for and what it is of. */
export function noticeIdOf(draft: NoticeDraft): string {
  const time = Math.max(0, Date.parse(draft.createdAt) || 0).toString(36).padStart(10, '0');
  const hash = createHash('sha256').update(`${draft.recipientId}|${draft.kind}|${draft.source}`).digest('hex').slice(0, 16);
  return `${time}-${hash}`;
}

/** Stores each notice unless it is there already; answers the readers who got a new one. */
export async function putNotices(drafts: readonly NoticeDraft[]): Promise<string[]> {
  const written = await Promise.all(
    drafts.map(async (draft) => {
      const id = noticeIdOf(draft);
      const { recipientId, source: _source, ...notice } = draft;
      try {
        await documentClient.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.inboxNotice(recipientId, id), entity: NOTICE_ENTITY, id, ...notice, read: false, expiresAt: epochSeconds(draft.createdAt) + KEPT_SECONDS },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return recipientId;
      } catch (error) {
        if (conditionFailure(error)) return undefined;
        throw error;
      }
    }),
  );
  return [...new Set(written.filter((userId) => userId !== undefined))];
}

/** Not past its TTL: DynamoDB deletes expired items within days, not at once. */
const unexpired = { filter: '#expiresAt > :now', names: { '#expiresAt': 'expiresAt' } } as const;

/** One page of the user's notices, newest first; 'bad-cursor' for a cursor no page of their inbox could have made. */
export async function inboxPage(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<{ notices: StoredNotice[]; nextCursor: string | null } | 'bad-cursor'> {
  const read = await newestFirstPage(inboxPartition(userId), INBOX_NOTICE_PREFIX, page);
  if (read === 'bad-cursor') return read;
  const now = epochSeconds();
  const current = read.items.filter((item) => typeof item.expiresAt !== 'number' || item.expiresAt > now);
  return { notices: current.flatMap((item) => storedNotice.safeParse(item).data ?? []), nextCursor: read.nextCursor };
}

const unreadQuery = (userId: string) => ({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  FilterExpression: `#read = :false AND ${unexpired.filter}`,
  ExpressionAttributeNames: { '#read': 'read', ...unexpired.names },
  ExpressionAttributeValues: { ':pk': inboxPartition(userId), ':prefix': INBOX_NOTICE_PREFIX, ':false': false, ':now': epochSeconds() },
});

/** The workspace of each of the user's unread notices (one Query of their partition, only that attribute read). */
export async function unreadWorkspaceIds(userId: string): Promise<string[]> {
  const items = await queryAllItems({ ...unreadQuery(userId), ProjectionExpression: 'workspaceId' });
  return items.map((item) => String(item.workspaceId));
}

/** Marks one of the user's notices read or unread; undefined when they have no such notice. */
export async function markNotice(userId: string, noticeId: string, read: boolean): Promise<StoredNotice | undefined> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.inboxNotice(userId, noticeId),
        UpdateExpression: 'SET #read = :read',
        ConditionExpression: '#entity = :entity',
        ExpressionAttributeNames: { '#read': 'read', '#entity': 'entity' },
        ExpressionAttributeValues: { ':read': read, ':entity': NOTICE_ENTITY },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return storedNotice.safeParse(Attributes).data;
  } catch (error) {
    if (conditionFailure(error)) return undefined;
    throw error;
  }
}

/** Marks every unread notice of the user read; answers how many. */
export async function markAllRead(userId: string): Promise<number> {
  const unread = await queryAllItems({ ...unreadQuery(userId), ProjectionExpression: 'PK, SK' });
  await Promise.all(
    unread.map((item) =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'SET #read = :true',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#read': 'read' },
          ExpressionAttributeValues: { ':true': true },
        }),
      ).catch((error: unknown) => {
        // Expired and deleted meanwhile: nothing to mark.
        if (!conditionFailure(error)) throw error;
      }),
    ),
  );
  return unread.length;
}
