import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { invoke } from './lambda-runtime.js';

/**
 * Lambda's DynamoDB event source, locally: reads every shard of the table's stream and calls one consumer.
 * Each consumer has a poller of its own, as each has its own event source in AWS, so one that falls behind
 * (storing a burst's activity) holds up no other (the pushes).
 */
export async function startStreamPoller(options: {
  dynamoDb: DynamoDBClient;
  endpoint: string;
  region: string;
  tableName: string;
  consumer: { name: string; handler: string };
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

  async function deliver(records: _Record[]): Promise<void> {
    const event = {
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
    };
    try {
      await invoke(options.consumer, event);
    } catch (error) {
      console.error(`Stream consumer ${options.consumer.name} failed`, error);
    }
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
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      } catch (error) {
        // One bad shard must not stop the others; it gets a fresh iterator on the next round.
        iterators.delete(shardId);
        resumeAtLatest.add(shardId);
        console.error(`Stream shard ${shardId} could not be read; resuming it`, error instanceof Error ? error.message : error);
        continue;
      }
      if (page.Records && page.Records.length > 0) {
        await deliver(page.Records);
        delivered = true;
      }
      if (page.NextShardIterator) iterators.set(shardId, page.NextShardIterator);
      else {
        iterators.delete(shardId);
        finishedShards.add(shardId);
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
    /** Resolves once the round under way has delivered what it read, so no consumer outlives the table. */
    stop: () => {
      stopped = true;
      return loopEnded;
    },
  };
}
