/**
 * The workspace's search index (`SEARCH#<ws>` / `<word>#<kind>#<id>`): one entry per distinct word of a
 * project's name, a task's, note's or link's title and a note's text, carrying what a result shows, and
 * one entry per label of a task (`labelSearchWord`: the label's id, so renaming a label rewrites nothing). It is
 * derived from the table's stream (functions/realtime/activity-indexer.ts) from each record's change (stream-changes.ts), so
 * every writer — routes, the assistant, the weekly plan, a migration — keeps it in step without knowing it.
 */

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { distinctSearchWords } from '../../shared/rules/search-words.js';
import type { SearchResultKind } from '../../shared/schemas/search.js';
import { documentClient, tableName } from './client.js';
import { keys, searchPartition } from './keys.js';
import { decodeImages, type StreamChange } from './stream-changes.js';
import { batchDeleteKeys, batchPutItems, queryAllItems } from './table-operations.js';
import { ofExistingWorkspaces } from './workspace.js';

export const SEARCH_ENTRY_ENTITY = 'SearchEntry';
/** A note's text adds at most this many distinct words (its title's words always count). */
export const NOTE_TEXT_MAX_WORDS = 100;
/** Entries read per query word at most: a one-letter prefix in a large workspace stops here. */
export const ENTRIES_READ_PER_WORD = 500;

/** What the index knows of one item. */
interface IndexedItem {
  readonly kind: SearchResultKind;
  readonly workspaceId: string;
  readonly id: string;
  readonly projectId: string | null;
  readonly title: string;
  readonly url: string | null;
  readonly updatedAt: string;
  /** The item's own key: a removal deletes only entries still written by that item (a note moved away). */
  readonly source: string;
  /** Each word with its position among the title's words, or null when it is only in a note's text. */
  readonly words: ReadonlyMap<string, number | null>;
}

/** A link without a title is known by its address, without the scheme and 'www.'. */
const addressWords = (url: string) => url.replace(/^[a-z]+:\/\/(www\.)?/i, '');

/**
 * The index's word for a task's label (issue 36). No query word can start with '~' (search words are letters
 * and digits), so it is reached only through the label: search reads the tasks of the labels whose names match.
 */
export const labelSearchWord = (labelId: string): string => `~label~${labelId}`;

type SearchedText = Pick<IndexedItem, 'kind' | 'id' | 'projectId' | 'updatedAt'> & { title: string; content: string; url: string | null; labelIds?: readonly string[] };

/** The searched text of one side of a change, as its module read it: none for items that are not searched or no longer read. */
function searchedText(change: StreamChange, side: 'before' | 'after'): SearchedText | undefined {
  switch (change.entity) {
    case 'Project': {
      const project = change[side];
      return project && { kind: 'project', id: project.id, projectId: project.id, title: project.name, content: '', url: null, updatedAt: project.updatedAt };
    }
    case 'Task': {
      const task = change[side];
      return task && { kind: 'task', id: task.id, projectId: task.projectId, title: task.title, content: '', url: null, updatedAt: task.updatedAt, labelIds: task.labelIds ?? [] };
    }
    case 'Note': {
      const note = change[side];
      return note && { kind: 'note', id: note.id, projectId: note.projectId, title: note.title, content: note.content, url: null, updatedAt: note.updatedAt };
    }
    case 'Link': {
      const link = change[side];
      return link && { kind: 'link', id: link.id, projectId: null, title: link.title ?? '', content: '', url: link.url, updatedAt: link.updatedAt };
    }
    default:
      return undefined;
  }
}

function indexedItemOf(change: StreamChange, side: 'before' | 'after'): IndexedItem | undefined {
  const text = searchedText(change, side);
  if (!text) return undefined;
  const { kind, title, content, url } = text;
  const titleWords = distinctSearchWords(title || (kind === 'link' ? addressWords(url ?? '') : ''));
  const words = new Map<string, number | null>(titleWords.map((word, position) => [word, position]));
  if (kind === 'note') {
    for (const word of distinctSearchWords(content, NOTE_TEXT_MAX_WORDS)) if (!words.has(word)) words.set(word, null);
  }
  for (const labelId of text.labelIds ?? []) words.set(labelSearchWord(labelId), null);
  return {
    kind,
    workspaceId: change.workspaceId,
    id: text.id,
    projectId: text.projectId,
    title: title || (url ?? ''),
    url,
    updatedAt: text.updatedAt,
    source: `${change.key.PK}|${change.key.SK}`,
    words,
  };
}

function entriesOf(item: IndexedItem): Record<string, unknown>[] {
  return [...item.words].map(([word, titlePosition]) => ({
    ...keys.searchEntry(item.workspaceId, word, item.kind, item.id),
    entity: SEARCH_ENTRY_ENTITY,
    workspaceId: item.workspaceId,
    kind: item.kind,
    itemId: item.id,
    projectId: item.projectId,
    title: item.title,
    url: item.url,
    word,
    titlePosition,
    updatedAt: item.updatedAt,
    source: item.source,
  }));
}

/** The search entries a stored item means (none for items that are not searched): the index of its insertion. */
export function searchEntriesOf(item: Record<string, unknown>): Record<string, unknown>[] {
  const change = decodeImages(undefined, item);
  const indexed = change && indexedItemOf(change, 'after');
  return indexed ? entriesOf(indexed) : [];
}

function sameIndexedText(a: IndexedItem, b: IndexedItem): boolean {
  return (
    a.title === b.title &&
    a.url === b.url &&
    a.projectId === b.projectId &&
    a.words.size === b.words.size &&
    [...a.words].every(([word, position]) => b.words.get(word) === position)
  );
}

export interface SearchIndexWrites {
  readonly puts: Record<string, unknown>[];
  readonly deletes: { readonly key: { PK: string; SK: string }; readonly source: string }[];
}

/**
 * What one change of an item (data/stream-changes.ts) changes in the index: its entries written again when
 * its text, title or project changed, and the entries of words it no longer has deleted. A change that
 * leaves the text alone (a task moved or completed) writes nothing, so an entry's `updatedAt` is when its
 * item's text last changed.
 */
export function searchIndexWrites(change: StreamChange): SearchIndexWrites {
  const before = indexedItemOf(change, 'before');
  const after = indexedItemOf(change, 'after');
  const puts = after && !(before && sameIndexedText(before, after)) ? entriesOf(after) : [];
  const deletes = before
    ? [...before.words.keys()]
        .filter((word) => !after?.words.has(word))
        .map((word) => ({ key: keys.searchEntry(before.workspaceId, word, before.kind, before.id), source: before.source }))
    : [];
  return { puts, deletes };
}

const DELETES_IN_FLIGHT = 25;

/**
 * Applies the writes of a batch of stream records. The last write of a key in the batch is the one made
 * (a task renamed and renamed back within a batch keeps its entry). Streams keep the order of one item's
 * changes but not across items: a note moved to another project is a removal and an insertion of two
 * different items, either of which may come first, so a removal deletes an entry only while it is still
 * the removed item's (`source`).
 */
export async function applySearchIndexWrites(writes: readonly SearchIndexWrites[]): Promise<void> {
  const lastWrite = new Map<string, { put: Record<string, unknown> } | { delete: SearchIndexWrites['deletes'][number] }>();
  for (const write of writes) {
    for (const removal of write.deletes) lastWrite.set(`${removal.key.PK}|${removal.key.SK}`, { delete: removal });
    for (const put of write.puts) lastWrite.set(`${String(put.PK)}|${String(put.SK)}`, { put });
  }
  const operations = [...lastWrite.values()];
  await batchPutItems(await ofExistingWorkspaces(operations.flatMap((operation) => ('put' in operation ? [operation.put] : []))));
  const deletes = operations.flatMap((operation) => ('delete' in operation ? [operation.delete] : []));
  for (let start = 0; start < deletes.length; start += DELETES_IN_FLIGHT) {
    await Promise.all(deletes.slice(start, start + DELETES_IN_FLIGHT).map(deleteIfStillFrom));
  }
}

async function deleteIfStillFrom({ key, source }: SearchIndexWrites['deletes'][number]): Promise<void> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: key,
        ConditionExpression: '#source = :source',
        ExpressionAttributeNames: { '#source': 'source' },
        ExpressionAttributeValues: { ':source': source },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

const storedEntry = z.object({
  kind: z.enum(['project', 'task', 'note', 'link']),
  itemId: z.string(),
  projectId: z.nullable(z.string()),
  title: z.string(),
  url: z.nullable(z.string()),
  word: z.string(),
  titlePosition: z.nullable(z.number()),
  updatedAt: z.string(),
});
export type SearchEntry = z.infer<typeof storedEntry>;

/** The entries of words starting with `prefix`, in word order, at most ENTRIES_READ_PER_WORD of them. */
export async function searchEntriesByPrefix(workspaceId: string, prefix: string): Promise<SearchEntry[]> {
  const entries: SearchEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': searchPartition(workspaceId), ':prefix': prefix },
        Limit: ENTRIES_READ_PER_WORD - entries.length,
        ExclusiveStartKey: startKey,
      }),
    );
    entries.push(...(page.Items ?? []).map((item) => storedEntry.parse(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey && entries.length < ENTRIES_READ_PER_WORD);
  return entries;
}

/** Deletes a workspace's whole index (with the workspace). */
export async function deleteSearchIndexOf(workspaceId: string): Promise<void> {
  const entries = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': searchPartition(workspaceId) },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(entries);
}
