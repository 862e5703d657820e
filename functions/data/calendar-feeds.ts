import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { calendarFeedScopes } from '../../shared/schemas/calendar-feed.js';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { transactWrite, type TransactItems } from './table-operations.js';

/**
 * Users' private calendar feeds: the feed itself in the user's partition (Settings shows its address again),
 * and a lookup from the SHA-256 of its secret to whose feed it is, which the served address reads. Both
 * are written and deleted together.
 */
const storedFeed = z.object({ secret: z.string(), scope: z.enum(calendarFeedScopes), createdAt: z.string() });
export type StoredCalendarFeed = z.infer<typeof storedFeed>;
const storedLookup = z.object({ userId: z.string(), workspaceId: z.string() });

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export async function getCalendarFeed(userId: string, workspaceId: string): Promise<StoredCalendarFeed | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.calendarFeed(userId, workspaceId) }));
  return Item ? storedFeed.parse(Item) : undefined;
}

/** Writes the feed; a new secret replaces the old one's lookup in the same transaction (the old address stops at once). */
export async function putCalendarFeed(userId: string, workspaceId: string, feed: StoredCalendarFeed, previous: StoredCalendarFeed | undefined): Promise<void> {
  const items: TransactItems = [
    { Put: { TableName: tableName, Item: { ...keys.calendarFeed(userId, workspaceId), entity: 'CalendarFeed', ...feed } } },
  ];
  if (previous?.secret !== feed.secret) {
    items.push({ Put: { TableName: tableName, Item: { ...keys.calendarFeedSecret(hashOf(feed.secret)), entity: 'CalendarFeedSecret', userId, workspaceId } } });
    if (previous) items.push({ Delete: { TableName: tableName, Key: keys.calendarFeedSecret(hashOf(previous.secret)) } });
  }
  await transactWrite(items);
}

export async function deleteCalendarFeed(userId: string, workspaceId: string, feed: StoredCalendarFeed): Promise<void> {
  await transactWrite([
    { Delete: { TableName: tableName, Key: keys.calendarFeed(userId, workspaceId) } },
    { Delete: { TableName: tableName, Key: keys.calendarFeedSecret(hashOf(feed.secret)) } },
  ]);
}

/** Whose feed a secret opens, with the feed; undefined for a secret that is unknown, reset or turned off. */
export async function findCalendarFeed(secret: string): Promise<{ userId: string; workspaceId: string; feed: StoredCalendarFeed } | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.calendarFeedSecret(hashOf(secret)) }));
  if (!Item) return undefined;
  const { userId, workspaceId } = storedLookup.parse(Item);
  const feed = await getCalendarFeed(userId, workspaceId);
  // The lookup and the feed are written together; a feed that names another secret is one reset meanwhile.
  return feed?.secret === secret ? { userId, workspaceId, feed } : undefined;
}
