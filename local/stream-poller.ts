import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { invoke } from './lambda-runtime.js';

/** Records a consumer is called with at most (a GetRecords page's most). */
const BATCH_RECORDS = 1000;
/** Records a consumer may be behind the reader before the reader waits for it. */
const QUEUED_AT_MOST = 5000;

/**
 * Lambda's DynamoDB event sources, locally: one reader of every shard of the table's stream hands each page
 * of records to every consumer's own queue, and each consumer is called with its queue's records, in order,
 * at its own pace, as each has its own event source in AWS: one that falls behind (storing a burst's
 * activity) holds up no other (the pushes) until it is QUEUED_AT_MOST records behind, when the reader waits
 * for it. One reader, not one per consumer: DynamoDB Local serves every GetRecords anew, and five readers of
 * a burst cost it five times the reads on the cores the rest of the stack shares.
 */
export async function startStreamPoller(options: {
  dynamoDb: DynamoDBClient;
  endpoint: string;
  region: string;
  tableName: string;
  consumers: readonly { name: string; handler: string }[];
  intervalMs?: number;
}): Promise<{ stop: () => Promise<void> }> {
  const table = await options.dynamoDb.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const streams = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const iterators = new Map<string, string>();
  const finishedShards = new Set<string>();
  /** Shards whose iterator failed (they expire after 15 minutes, e.g. while a laptop sleeps). */
  const resumeAtLatest = new Set<string>();
  let firstDiscovery = true;
  let stopped = false;

  async function discoverShards(): Promise<void> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId;
      if (!shardId || iterators.has(shardId) || finishedShards.has(shardId)) continue;
      // Shards present at start-up hold history we have already seen in earlier runs; new ones are read
      // whole; a shard whose iterator failed resumes at its end rather than replaying old changes.
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ShardIteratorType: firstDiscovery || resumeAtLatest.has(shardId) ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      resumeAtLatest.delete(shardId);
      if (ShardIterator) iterators.set(shardId, ShardIterator);
    }
    firstDiscovery = false;
  }

  const asEvent = (records: readonly _Record[]) => ({
    Records: records.map((record) => ({
      ...record,
      eventSourceARN: streamArn,
      dynamodb: {
        ...record.dynamodb,
        ApproximateCreationDateTime: record.dynamodb?.ApproximateCreationDateTime
          ? Math.floor(record.dynamodb.ApproximateCreationDateTime.getTime() / 1000)
          : undefined,
      },
    })),
  });

  /** Wakes the reader waiting for room in the queues. */
  let readerWaiting: (() => void) | undefined;
  /** A consumer's queue and its delivery loop: batches of at most BATCH_RECORDS, one at a time. */
  const queues = options.consumers.map((consumer) => {
    const waiting: _Record[] = [];
    let wake: (() => void) | undefined;
    let delivering: Promise<void> = Promise.resolve();
    const loop = (async () => {
      while (!stopped) {
        const batch = waiting.splice(0, BATCH_RECORDS);
        if (batch.length === 0) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        delivering = invoke(consumer, asEvent(batch)).then(
          () => undefined,
          (error: unknown) => console.error(`Stream consumer ${consumer.name} failed`, error),
        );
        await delivering;
        readerWaiting?.();
      }
    })();
    return {
      waiting,
      add(records: readonly _Record[]) {
        waiting.push(...records);
        wake?.();
        wake = undefined;
      },
      stop: async () => {
        wake?.();
        await delivering;
        await loop;
      },
    };
  });
  /** Waits while a consumer is too far behind: the reader's pause is what a slow consumer's own poller was. */
  async function roomInQueues(): Promise<void> {
    while (!stopped && queues.some((queue) => queue.waiting.length >= QUEUED_AT_MOST)) await new Promise<void>((resolve) => (readerWaiting = resolve));
  }

  /** One round over the shards; true when it delivered records (more may be waiting). */
  async function pollOnce(): Promise<boolean> {
    await discoverShards();
    let delivered = false;
    for (const [shardId, iterator] of iterators) {
      if (stopped) return delivered;
      let page;
      try {
        // As many as a call may bring: behind a burst, one batch of a thousand costs the fan-out about what
        // one of a hundred does (its reads are per workspace, not per record).
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: BATCH_RECORDS }));
      } catch (error) {
        // One bad shard must not stop the others; it gets a fresh iterator on the next round.
        iterators.delete(shardId);
        resumeAtLatest.add(shardId);
        console.error(`Stream shard ${shardId} could not be read; resuming it`, error instanceof Error ? error.message : error);
        continue;
      }
      if (page.NextShardIterator) iterators.set(shardId, page.NextShardIterator);
      else {
        iterators.delete(shardId);
        finishedShards.add(shardId);
      }
      if (page.Records && page.Records.length > 0) {
        for (const queue of queues) queue.add(page.Records);
        delivered = true;
        await roomInQueues();
      }
    }
    return delivered;
  }

  const interval = options.intervalMs ?? 250;
  await discoverShards();
  const loopEnded = (async function loop() {
    while (!stopped) {
      const delivered = await pollOnce().catch((error: unknown) => {
        if (!stopped) console.error('Stream poll failed', error);
        return false;
      });
      // As fast as the stream allows during a burst; a pause only once it has nothing new.
      if (!delivered) await new Promise((resolve) => setTimeout(resolve, interval));
    }
    streams.destroy();
  })();
  return {
    /** Resolves once the reader has stopped and each consumer's delivery under way has ended, so no consumer outlives the table. */
    stop: async () => {
      stopped = true;
      readerWaiting?.();
      await loopEnded;
      await Promise.all(queues.map((queue) => queue.stop()));
    },
  };
}
