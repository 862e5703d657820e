import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { retrying, sendUntilProcessed } from '../lib/retry.js';
import { documentClient, tableName } from './client.js';
import { keys, taskChildPrefix, type IndexKeys, type ItemKey } from './keys.js';

/** The items a Query matches as they come, a page at a time (a reader of a large partition holds one page). */
export async function* queryItems(input: Omit<QueryCommandInput, 'TableName'>): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: startKey }));
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches, following LastEvaluatedKey page after page. */
export async function queryAllItems(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryItems(input)) items.push(item);
  return items;
}

/** Every item of an index partition whose sort key starts with `sortKeyPrefix`, page after page. */
export function queryIndexByPrefix(index: IndexKeys, partition: string, sortKeyPrefix: string): Promise<Record<string, unknown>[]> {
  return queryAllItems({
    IndexName: index.indexName,
    KeyConditionExpression: '#partition = :partition AND begins_with(#sort, :prefix)',
    ExpressionAttributeNames: { '#partition': index.partitionKey, '#sort': index.sortKey },
    ExpressionAttributeValues: { ':partition': partition, ':prefix': sortKeyPrefix },
  });
}

const BATCH_WRITE_LIMIT = 25;
/**
 * BatchWrites of one call in flight at once: a stream batch's activity and search entries (hundreds of
 * items in a burst) land in the time of a few round trips, not of one round trip per 25 items.
 */
const BATCH_WRITES_IN_FLIGHT = 4;

type WriteRequests = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string];

/** BatchWrites in groups of 25, a few at a time, sending what DynamoDB left unprocessed again with backoff. */
async function batchWrite(all: WriteRequests): Promise<void> {
  const groups = Array.from({ length: Math.ceil(all.length / BATCH_WRITE_LIMIT) }, (_, index) => all.slice(index * BATCH_WRITE_LIMIT, (index + 1) * BATCH_WRITE_LIMIT));
  let next = 0;
  const sender = async () => {
    for (let group = groups[next++]; group; group = groups[next++]) {
      await sendUntilProcessed(
        group,
        async (requests) => (await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName]: [...requests] } }))).UnprocessedItems?.[tableName] ?? [],
        'DynamoDB left writes unprocessed',
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_WRITES_IN_FLIGHT, groups.length) }, sender));
}

/** Deletes the keys in BatchWrites of 25, retrying with backoff what DynamoDB leaves unprocessed. */
export function batchDeleteKeys(keys: readonly Record<string, unknown>[]): Promise<void> {
  return batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/** Deletes every item of a partition (consistent read: nothing written before the call is missed). */
export async function deletePartition(partition: string): Promise<void> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
}

/** Deletes the items of these tasks from a partition keyed by task (comments, attachments: keys.taskChildPrefix). */
export async function deleteItemsOfTasks(partition: string, taskIds: readonly string[]): Promise<void> {
  for (const taskId of new Set(taskIds)) await deleteItemsWithPrefix(partition, taskChildPrefix(taskId));
}

/** Deletes the items of a partition whose sort keys begin with `prefix` (read consistently). */
export async function deleteItemsWithPrefix(partition: string, prefix: string): Promise<void> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
}

export function batchPutItems(items: readonly Record<string, unknown>[]): Promise<void> {
  return batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
}

/**
 * Why a conditional write was refused, or undefined when the error is something else. Writes ask for
 * ReturnValuesOnConditionCheckFailure ALL_OLD, so an item that exists comes back with the refusal.
 */
export function conditionFailure(error: unknown): 'missing' | 'exists' | undefined {
  if (!(error instanceof ConditionalCheckFailedException)) return undefined;
  return error.Item ? 'exists' : 'missing';
}

/** Sends a conditional write: true when it went, false when its condition refused it (nothing written). */
export async function writtenUnlessRefused(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (conditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Per transaction item, the reading of `conditionFailure`: 'missing'/'exists' for a failed condition,
 * undefined for a pass.
 */
export function transactionFailures(error: unknown): ('missing' | 'exists' | undefined)[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason: CancellationReason) => {
    if (reason.Code !== 'ConditionalCheckFailed') return undefined;
    return reason.Item ? 'exists' : 'missing';
  });
}

/**
 * True when a write lost only a race with a concurrent transaction on the same item: nothing was written
 * and no condition failed, so the same write may simply be sent again (or the caller reads again). The one
 * test of a lost race: a refusal that also failed a condition is read for that condition instead.
 */
export function lostConcurrencyRace(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  if (!(error instanceof TransactionCanceledException)) return false;
  const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  return codes.includes('TransactionConflict') && codes.every((code) => code === 'TransactionConflict' || code === 'None');
}

const MAX_RACE_ATTEMPTS = 8;

/**
 * Runs `write`, sending it again with jittered backoff while it only loses races with concurrent
 * transactions (a project's child counters are written by every child's transaction). Failed conditions
 * and other errors are thrown at once.
 */
export function retryingLostRaces<T>(write: () => Promise<T>): Promise<T> {
  return retrying(write, lostConcurrencyRace, MAX_RACE_ATTEMPTS, 25);
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** A transaction's condition that someone is still a member of the workspace (an author, an assignee). */
export function membershipCheck(workspaceId: string, userId: string): TransactItems[number] {
  return { ConditionCheck: { TableName: tableName, Key: keys.membership(workspaceId, userId), ConditionExpression: 'attribute_exists(PK)' } };
}

/** One TransactWrite of `items`, repeated while it only loses races (see `retryingLostRaces`). */
export function transactWrite(items: TransactItems): Promise<unknown> {
  return retryingLostRaces(() => documentClient.send(new TransactWriteCommand({ TransactItems: items })));
}

/**
 * What the refusal of one transaction item means: an outcome (a word, or a record naming what refused, never
 * a function), or one read from how its condition failed.
 */
export type Refusal<R> = R | ((failure: 'missing' | 'exists') => R);

/** A transaction item with what its refusal means; an item without one is not expected to refuse. */
export interface RefusableWrite<R> {
  readonly write: TransactItems[number];
  readonly refused?: Refusal<R>;
}

/**
 * A counter item (a workspace's labels, its webhooks) one higher in the transaction that adds what it counts,
 * on condition that it stays within `limit`: writes made at the same moment cannot pass the limit together.
 * A counter not stored yet counts as none.
 */
export function countWithinLimit<R extends string>(key: ItemKey, entity: string, limit: number, refused: R): RefusableWrite<R> {
  return {
    write: {
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET #entity = :entity ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#entity': 'entity', '#count': 'count' },
        ExpressionAttributeValues: { ':entity': entity, ':one': 1, ':limit': limit },
      },
    },
    refused,
  };
}

const UNCOUNTED = 'uncounted';

/**
 * The transaction that removes what a counter item counts, with the counter one lower while it is above zero;
 * an item the counter does not hold (stored before the counter was, or its workspace's counter already swept)
 * is removed with the counter left as it is, never below zero nor written again. What refused, as
 * `transactWriteOrRefusal` answers it.
 */
export async function transactCountedOut<R extends string>(items: readonly RefusableWrite<R>[], counter: ItemKey): Promise<R | undefined> {
  const countOut: RefusableWrite<typeof UNCOUNTED> = {
    write: {
      Update: {
        TableName: tableName,
        Key: counter,
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      },
    },
    refused: UNCOUNTED,
  };
  const refused = await transactWriteOrRefusal<R | typeof UNCOUNTED>([...items, countOut]);
  return refused === UNCOUNTED ? transactWriteOrRefusal(items) : refused;
}

/**
 * One TransactWrite of the items' writes (see `transactWrite`): undefined when written, else what the
 * refusal of the first item that refused means. Each item carries its meaning, so items added on a
 * condition cannot shift the others' meanings. Any other error, or the refusal of an item without a
 * meaning, is thrown.
 */
export async function transactWriteOrRefusal<R extends string>(items: readonly RefusableWrite<R>[]): Promise<R | undefined> {
  return (await transactWriteOrRefusals(items, 'first'))[0];
}

/**
 * As `transactWriteOrRefusal`, but what every item that refused means (none when written), in the items'
 * order: for a caller that takes out what refused and sends the rest again.
 */
export async function transactWriteOrRefusals<R>(items: readonly RefusableWrite<R>[], which: 'first' | 'all' = 'all'): Promise<R[]> {
  try {
    await transactWrite(items.map(({ write }) => write));
    return [];
  } catch (error) {
    return refusalsOf(items, error, which);
  }
}

/**
 * What a cancelled transaction of `items` means: the first refused item's meaning, or every one's. `error`
 * itself is thrown when it is no refusal, or one of an item without a meaning.
 */
export function refusalsOf<R>(items: readonly RefusableWrite<R>[], error: unknown, which: 'first' | 'all'): R[] {
  const refusals = (transactionFailures(error) ?? []).flatMap((failure, position) => (failure ? [{ failure, refused: items[position]?.refused }] : []));
  const meant = which === 'first' ? refusals.slice(0, 1) : refusals;
  if (meant.length === 0) throw error;
  return meant.map(({ failure, refused }) => {
    if (refused === undefined) throw error;
    return typeof refused === 'function' ? (refused as (failure: 'missing' | 'exists') => R)(failure) : refused;
  });
}

/** The outcome of a write conditioned on the version the caller read. */
export type VersionedWriteOutcome = 'written' | 'missing' | 'stale';

export interface WriteCondition {
  readonly ConditionExpression: string;
  readonly ExpressionAttributeNames: Record<string, string>;
  readonly ExpressionAttributeValues: Record<string, unknown>;
}

/** The item is still the `entity` at `expectedVersion` (the version the caller read). */
export function isCurrentVersion(entity: string, expectedVersion: number): WriteCondition {
  return {
    ConditionExpression: '#entity = :entity AND #version = :expected',
    ExpressionAttributeNames: { '#entity': 'entity', '#version': 'version' },
    ExpressionAttributeValues: { ':entity': entity, ':expected': expectedVersion },
  };
}

/** Replaces the item if the condition (entity, version, ...) holds; tells a vanished item from a changed one. */
export async function putIfCurrent(item: Record<string, unknown>, condition: WriteCondition): Promise<VersionedWriteOutcome> {
  try {
    await retryingLostRaces(() =>
      documentClient.send(new PutCommand({ TableName: tableName, Item: item, ...condition, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
    );
    return 'written';
  } catch (error) {
    const failure = conditionFailure(error);
    if (!failure) throw error;
    return failure === 'exists' ? 'stale' : 'missing';
  }
}
