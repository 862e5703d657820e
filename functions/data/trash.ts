/**
 * The workspace's Trash (issue 37): TRASH#<ws> / ENTRY#<entry>, one entry per deletion of a task (with its
 * sub-tasks), note, link or project (with all it holds), holding the stored items it took; TTL 30 days. Entry
 * ids begin with their time (base 36), so the partition reads newest first. Items beyond one record's room
 * (DynamoDB's 400 KB) go in parts, TRASH#<ws> / PART#<entry>#<n>, written and deleted in the same
 * transactions as their entry (a project's, too big for one, apart: `putLargeTrashEntry`, `markTrashRestoring`).
 *
 * The items are deleted from their places when trashed (so counters, the task index, search, the calendar
 * and pushes drop them through their usual paths) but their comments and attachments stay: a Restore puts the
 * items back where their keys are free, comments and all. A purge (Delete forever, Empty trash) marks the
 * entry and its parts `purging` and then deletes them; the stream's removal of a marked record, or the TTL's
 * removal of an expired one, deletes the extras of the tasks that record holds for good (`trashPurgeOf`,
 * idempotent). A Restore's removal carries no mark.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { TRASH_DAYS, trashEntryView, type TrashEntryView, type TrashKind } from '../../shared/schemas/trash.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { keys, trashPartition, trashPrefixes, type ItemKey } from './keys.js';
import { newestFirstPage } from './newest-first-pages.js';
import type { StreamChange } from './stream-changes.js';
import { batchDeleteKeys, queryAllItems, writtenUnlessRefused, type TransactItems } from './table-operations.js';

export const TRASH_ENTRY_ENTITY = 'TrashEntry';
export const TRASH_PART_ENTITY = 'TrashPart';
const TRASH_LIFETIME_SECONDS = TRASH_DAYS * 24 * 60 * 60;
/** Bytes of stored items (as JSON) one record holds: well inside DynamoDB's 400 KB with the entry's own attributes. */
export const TRASH_CHUNK_BYTES = 300_000;

type StoredItem = Record<string, unknown>;

/** A new deletion's batch id: its time in base 36 (sortable, fixed width) and 8 random hex digits. */
export function newTrashBatchId(now = Date.now()): string {
  return `${now.toString(36).padStart(10, '0')}${randomBytes(4).toString('hex')}`;
}

/** An entry's id within its deletion's batch (a bulk delete makes one entry per task). */
export function trashEntryId(batchId: string): string {
  return `${batchId}-${randomBytes(4).toString('hex')}`;
}

/** The items split into runs of at most `limit` bytes of JSON each (an item larger than that alone in its run); at least one run. */
export function chunkBySize(items: readonly StoredItem[], limit: number): StoredItem[][] {
  const chunks: StoredItem[][] = [[]];
  let size = 0;
  for (const item of items) {
    const bytes = Buffer.byteLength(JSON.stringify(item));
    const last = chunks[chunks.length - 1] ?? [];
    if (last.length > 0 && size + bytes > limit) {
      chunks.push([item]);
      size = bytes;
    } else {
      last.push(item);
      size += bytes;
    }
  }
  return chunks;
}

export interface NewTrashEntry {
  readonly id: string;
  readonly kind: TrashKind;
  readonly itemId: string;
  readonly title: string;
  readonly projectId: string | null;
  readonly projectName: string | null;
  readonly deletedBy: string;
  readonly deletedAt: string;
  /** What the Trash shows it holds (default: the items' number); a project's is itself and its tasks, milestones and notes. */
  readonly itemCount?: number;
}

/**
 * The ids of the tasks among a record's own items: the extras (comments, attachments) its purge deletes.
 * Each record (entry or part) names its own, so an entry of thousands of tasks never holds them all at once.
 */
const taskIdsIn = (items: readonly StoredItem[]): string[] => items.flatMap((item) => (item.entity === 'Task' && typeof item.id === 'string' ? [item.id] : []));

/** The puts that keep `items` (as stored) in the trash: the entry with the first run, and a part per further run. */
export function trashPuts(workspaceId: string, { itemCount, ...entry }: NewTrashEntry, items: readonly StoredItem[]): TransactItems {
  const expiresAt = epochSeconds(entry.deletedAt) + TRASH_LIFETIME_SECONDS;
  const [first = [], ...rest] = chunkBySize(items, TRASH_CHUNK_BYTES);
  const head = { ...keys.trashEntry(workspaceId, entry.id), entity: TRASH_ENTRY_ENTITY, workspaceId, ...entry, itemCount: itemCount ?? items.length, parts: rest.length };
  return [
    { Put: { TableName: tableName, Item: { ...head, items: first, taskIds: taskIdsIn(first), expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ...rest.map((chunk, index) => ({
      Put: {
        TableName: tableName,
        Item: { ...keys.trashPart(workspaceId, entry.id, index + 1), entity: TRASH_PART_ENTITY, workspaceId, items: chunk, taskIds: taskIdsIn(chunk), expiresAt },
      },
    })),
  ];
}

/** Longer than any one deletion can run (a Lambda's 15 minutes): parts older than this were left by one that failed. */
const ABANDONED_PART_SECONDS = 20 * 60;

/**
 * Keeps an entry too big for one transaction (a project's: thousands of items) in the trash, outside the
 * deletion's writes: its parts first, its entry last, so an entry is there only with all its parts (parts
 * left by a failure half-way carry the TTL and go by themselves). 'kept' when the entry is there already (a
 * retried deletion reads fewer items than the first, which wrote it whole: nothing is written); 'busy' when
 * a part is there, written minutes ago: another deletion of the same project is writing this entry, and its
 * parts are not overwritten (two reads' runs would mix). A part older than any deletion runs was left by one
 * that failed: it is written over.
 */
export async function putLargeTrashEntry(workspaceId: string, entry: NewTrashEntry, items: readonly StoredItem[]): Promise<'written' | 'kept' | 'busy'> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.trashEntry(workspaceId, entry.id), ConsistentRead: true, ProjectionExpression: 'PK' }));
  if (Item) return 'kept';
  const [head, ...parts] = trashPuts(workspaceId, entry, items);
  const abandonedBefore = epochSeconds() - ABANDONED_PART_SECONDS + TRASH_LIFETIME_SECONDS;
  for (const part of parts) {
    if (!part.Put) continue;
    const put = { ...part.Put, ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :abandoned', ExpressionAttributeValues: { ':abandoned': abandonedBefore } };
    if (!(await writtenUnlessRefused(() => documentClient.send(new PutCommand(put))))) return 'busy';
  }
  const put = head?.Put;
  if (put && !(await writtenUnlessRefused(() => documentClient.send(new PutCommand(put))))) return 'kept';
  return 'written';
}

const storedItems = z.array(z.record(z.string(), z.unknown()));

/** An entry as stored: its view's fields, the expiry as the TTL's epoch seconds, and what the purge reads. */
const storedTrashEntry = z.extend(z.omit(trashEntryView, { expiresAt: true }), {
  entity: z.literal(TRASH_ENTRY_ENTITY),
  expiresAt: z.number(),
  taskIds: z.array(z.string()),
  parts: z.number(),
  purging: z.optional(z.boolean()),
  /** When a Restore in batches (a project's) began: set until it finishes (see `markTrashRestoring`). */
  restoring: z.optional(z.string()),
});
export type StoredTrashEntry = z.infer<typeof storedTrashEntry>;

function viewOf({ id, kind, itemId, title, projectId, projectName, itemCount, deletedBy, deletedAt, expiresAt, restoring }: StoredTrashEntry): TrashEntryView {
  const view = { id, kind, itemId, title, projectId, projectName, itemCount, deletedBy, deletedAt, expiresAt: new Date(expiresAt * 1000).toISOString() };
  return restoring ? { ...view, restoring: true } : view;
}

/** Not yet expired (the TTL sweeps late) and not being purged. */
const live = (entry: StoredTrashEntry, now = epochSeconds()) => entry.expiresAt > now && !entry.purging;

const LISTED = 'PK, SK, entity, id, kind, itemId, title, projectId, projectName, deletedBy, deletedAt, expiresAt, itemCount, taskIds, parts, purging, restoring';

/** Reads past filtered-out entries for one page at most this many times, so a member's page is seldom short. */
const PAGE_READS = 10;

/**
 * One page of the trash, the latest deletion first; `deletedBy`: only that member's entries (a filter: reads
 * go on, up to PAGE_READS, until the page is full or the trash ends, so a page short of `limit` with a next
 * one is rare). Items are not read.
 */
export async function trashPage(
  workspaceId: string,
  page: { limit: number; cursor?: string | undefined },
  deletedBy?: string,
): Promise<{ entries: TrashEntryView[]; nextCursor: string | null } | 'bad-cursor'> {
  const entries: TrashEntryView[] = [];
  let cursor = page.cursor;
  const now = epochSeconds();
  for (let read = 1; ; read += 1) {
    const items = await newestFirstPage(trashPartition(workspaceId), trashPrefixes.entry, { limit: page.limit - entries.length, cursor }, {
      ProjectionExpression: LISTED.split(', ').map((name) => `#${name}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(LISTED.split(', ').map((name) => [`#${name}`, name])),
      ...(deletedBy ? { FilterExpression: '#deletedBy = :deletedBy', ExpressionAttributeValues: { ':deletedBy': deletedBy } } : {}),
    });
    if (items === 'bad-cursor') return items;
    entries.push(...items.items.flatMap((item) => storedTrashEntry.safeParse(item).data ?? []).filter((entry) => live(entry, now)).map(viewOf));
    if (!items.nextCursor || entries.length >= page.limit || read >= PAGE_READS) return { entries, nextCursor: items.nextCursor };
    cursor = items.nextCursor;
  }
}

export interface TrashContents {
  readonly entry: StoredTrashEntry;
  readonly view: TrashEntryView;
  /** The stored items, the head first. */
  readonly items: StoredItem[];
  /** Whether every one of its parts was there (else it cannot be restored: items would be missing). */
  readonly complete: boolean;
}

/** An unexpired entry not being purged, with its items (the entry's and its parts'), or undefined. */
export async function readTrashEntry(workspaceId: string, entryId: string): Promise<TrashContents | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.trashEntry(workspaceId, entryId), ConsistentRead: true }));
  const entry = storedTrashEntry.safeParse(Item).data;
  if (!entry || !live(entry)) return undefined;
  const first = storedItems.parse(Item?.items);
  const prefix = trashPrefixes.partsOf(entryId);
  const found =
    entry.parts === 0
      ? []
      : await queryAllItems({
          ConsistentRead: true,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': trashPartition(workspaceId), ':prefix': prefix },
        });
  // Only its own parts, 1 to `parts` (one numbered beyond is a failed deletion's, left to expire).
  const parts = found.filter((part) => Number(String(part.SK).slice(prefix.length)) <= entry.parts);
  return { entry, view: viewOf(entry), items: [...first, ...parts.flatMap((part) => storedItems.parse(part.items))], complete: parts.length === entry.parts };
}

/** The entries of one deletion's batch (a bulk delete's Undo), with their items. */
export async function readTrashBatch(workspaceId: string, batchId: string): Promise<TrashContents[]> {
  const heads = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': trashPartition(workspaceId), ':prefix': trashPrefixes.batch(batchId) },
    ProjectionExpression: 'id',
  });
  const read = await Promise.all(heads.map((head) => readTrashEntry(workspaceId, String(head.id))));
  return read.flatMap((contents) => contents ?? []);
}

/** The deletes that take an entry out on a Restore, in the Restore's transaction: only while it is there and not being purged. */
export function trashRemovals(workspaceId: string, entry: StoredTrashEntry): TransactItems {
  return [
    { Delete: { TableName: tableName, Key: keys.trashEntry(workspaceId, entry.id), ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(purging)' } },
    ...partKeys(workspaceId, entry.id, entry.parts).map((Key) => ({ Delete: { TableName: tableName, Key } })),
  ];
}

/** The keys of an entry's parts. */
const partKeys = (workspaceId: string, entryId: string, parts: number) => Array.from({ length: parts }, (_, index) => keys.trashPart(workspaceId, entryId, index + 1));

/** Sets `marks` on each of an entry's parts that is there (a part's removal reads its own marks). */
async function markParts(workspaceId: string, entryId: string, parts: number, marks: Record<string, unknown>): Promise<void> {
  const names = Object.keys(marks);
  for (const Key of partKeys(workspaceId, entryId, parts)) {
    await writtenUnlessRefused(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, marks[name]])),
        }),
      ),
    );
  }
}

/**
 * Deletes an entry for good: it and its parts marked `purging` first (so the stream's removal of each
 * deletes the extras of its tasks, and a Restore can no longer take it), then its parts and itself. False
 * when it was not there, or is being restored (a Restore half-way is finished by restoring it again).
 */
export async function purgeTrashEntry(workspaceId: string, entryId: string, parts: number): Promise<boolean> {
  const marked = await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.trashEntry(workspaceId, entryId),
        UpdateExpression: 'SET purging = :yes',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(restoring)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    ),
  );
  if (!marked) return false;
  await markParts(workspaceId, entryId, parts, { purging: true });
  await batchDeleteKeys([...partKeys(workspaceId, entryId, parts), keys.trashEntry(workspaceId, entryId)]);
  return true;
}

/**
 * The start of a Restore in batches (a project's, beyond one transaction): the entry and its parts marked
 * `restoring` (their removals then purge nothing, and a purge refuses the entry) and given a fresh 30 days,
 * so the TTL cannot take them half-way. Idempotent: a retry finds the mark and goes on. False when the entry
 * is gone or being purged.
 */
export async function markTrashRestoring(workspaceId: string, entry: StoredTrashEntry, now = new Date()): Promise<boolean> {
  const expiresAt = epochSeconds(now.toISOString()) + TRASH_LIFETIME_SECONDS;
  const marked = await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.trashEntry(workspaceId, entry.id),
        UpdateExpression: 'SET restoring = if_not_exists(restoring, :now), expiresAt = :expiresAt',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(purging)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':expiresAt': expiresAt },
      }),
    ),
  );
  if (marked) await markParts(workspaceId, entry.id, entry.parts, { restoring: now.toISOString(), expiresAt });
  return marked;
}

/** The delete of a Restore-in-batches' entry, in its last transaction (its parts go after it: `deleteTrashParts`). */
export function restoredEntryRemoval(workspaceId: string, entryId: string): TransactItems[number] {
  return { Delete: { TableName: tableName, Key: keys.trashEntry(workspaceId, entryId), ConditionExpression: 'attribute_exists(restoring) AND attribute_not_exists(purging)' } };
}

export function deleteTrashParts(workspaceId: string, entryId: string, parts: number): Promise<void> {
  return batchDeleteKeys(partKeys(workspaceId, entryId, parts));
}

/** Every entry of the workspace's trash (ids and parts), for Empty trash. */
export async function listTrashEntryIds(workspaceId: string): Promise<{ id: string; parts: number }[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': trashPartition(workspaceId), ':prefix': trashPrefixes.entry },
    ProjectionExpression: 'id, parts',
  });
  return items.map((item) => z.object({ id: z.string(), parts: z.number() }).parse(item));
}

/** The trash's read of a removed entry or part: what a purge must clean up. */
export const removedTrashEntry = z.object({
  taskIds: z._default(z.array(z.string()), []),
  // The items as they were stored: an expired record's tasks are looked up where they lived (see trashPurgeOf).
  items: z._default(storedItems, []),
  purging: z.optional(z.boolean()),
  restoring: z.optional(z.string()),
  // An entry's (a part has neither): a project's own comments go when its entry does.
  kind: z.optional(z.string()),
  itemId: z.optional(z.string()),
});

/**
 * What the stream's removal of an entry or part leaves to delete for good: the extras of the tasks it held,
 * when it was purged (marked) or expired (removed by the TTL) while not being restored; nothing for a
 * Restore's removal.
 */
export interface TrashPurge {
  readonly workspaceId: string;
  readonly taskIds: readonly string[];
  /** A project's entry: the project whose own comments go too. */
  readonly projectId?: string;
  /**
   * An expired record's: where its tasks lived. A part left by a project deletion that failed before its
   * entry was written expires 30 days on with the project and its tasks still there (or back): the purge
   * spares the tasks found there, and the project's own comments while the project is there.
   */
  readonly liveCheck?: { readonly taskKeys: readonly ItemKey[] };
}

const keyOf = (item: Record<string, unknown>): ItemKey[] => (typeof item.PK === 'string' && typeof item.SK === 'string' ? [{ PK: item.PK, SK: item.SK }] : []);

export function trashPurgeOf(change: StreamChange): TrashPurge | undefined {
  if ((change.entity !== TRASH_ENTRY_ENTITY && change.entity !== TRASH_PART_ENTITY) || change.operation !== 'remove' || !change.before) return undefined;
  const { purging, restoring, taskIds, kind, itemId, items } = change.before;
  if (!purging && !(change.expired && !restoring)) return undefined;
  const projectId = change.entity === TRASH_ENTRY_ENTITY && kind === 'project' ? itemId : undefined;
  if (taskIds.length === 0 && projectId === undefined) return undefined;
  const liveCheck = purging ? {} : { liveCheck: { taskKeys: items.flatMap((item) => (item.entity === 'Task' ? keyOf(item) : [])) } };
  return { workspaceId: change.workspaceId, taskIds, ...(projectId === undefined ? {} : { projectId }), ...liveCheck };
}

/** Deletes a workspace's whole trash with the workspace (its comments go with the workspace's). */
export async function deleteTrashOf(workspaceId: string): Promise<void> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': trashPartition(workspaceId) },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
}
