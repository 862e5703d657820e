import { createHash, randomUUID } from 'node:crypto';
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { invoke } from './lambda-runtime.js';

/**
 * SQS, locally, for the webhook delivery queue and its dead-letter queue: the functions' real
 * @aws-sdk/client-sqs is pointed at the gateway (AWS_ENDPOINT_URL_SQS), whose calls (SendMessage,
 * SendMessageBatch, ChangeMessageVisibility) land here by queue URL; a poller hands the visible messages to
 * the consumer in the SQS event's shape, as Lambda's event source does, deleting those it did not report
 * failed. A message received more than `maxReceiveCount` times is moved to the dead-letter queue, as the
 * redrive policy does. Kept in memory: a restart of the local stack forgets waiting retries.
 */
interface StoredMessage {
  readonly messageId: string;
  readonly body: string;
  receiptHandle: string;
  receiveCount: number;
  visibleAt: number;
}

export class LocalQueue {
  private readonly messages: StoredMessage[] = [];

  constructor(
    readonly options: { visibilityTimeoutSeconds: number; deadLetter?: { queue: LocalQueue; maxReceiveCount: number }; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  send(body: string): string {
    const messageId = randomUUID();
    this.messages.push({ messageId, body, receiptHandle: '', receiveCount: 0, visibleAt: 0 });
    return messageId;
  }

  /** Up to `max` visible messages, hidden for the visibility timeout; those received too often go to the dead-letter queue instead. */
  receive(max: number): { messageId: string; receiptHandle: string; body: string; receiveCount: number }[] {
    const now = this.now();
    const received = [];
    for (const message of [...this.messages]) {
      if (received.length >= max) break;
      if (message.visibleAt > now) continue;
      const { deadLetter } = this.options;
      if (deadLetter && message.receiveCount >= deadLetter.maxReceiveCount) {
        this.remove(message);
        deadLetter.queue.send(message.body);
        continue;
      }
      message.receiveCount += 1;
      message.receiptHandle = randomUUID();
      message.visibleAt = now + this.options.visibilityTimeoutSeconds * 1000;
      received.push({ messageId: message.messageId, receiptHandle: message.receiptHandle, body: message.body, receiveCount: message.receiveCount });
    }
    return received;
  }

  changeVisibility(receiptHandle: string, seconds: number): void {
    const message = this.messages.find((candidate) => candidate.receiptHandle === receiptHandle);
    if (message) message.visibleAt = this.now() + seconds * 1000;
  }

  delete(receiptHandle: string): void {
    const message = this.messages.find((candidate) => candidate.receiptHandle === receiptHandle);
    if (message) this.remove(message);
  }

  /** The bodies waiting (for a dead-letter queue: what was given up). */
  bodies(): string[] {
    return this.messages.map((message) => message.body);
  }

  private remove(message: StoredMessage): void {
    this.messages.splice(this.messages.indexOf(message), 1);
  }
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** One call of SQS's JSON protocol (`x-amz-target: AmazonSQS.<Action>`) on the queue its QueueUrl names. */
export function handleSqsCall(queues: ReadonlyMap<string, LocalQueue>, target: string, input: Record<string, unknown>): unknown {
  const queue = queues.get(String(input.QueueUrl));
  if (!queue) throw new Error(`No local queue ${String(input.QueueUrl)}`);
  switch (target) {
    case 'AmazonSQS.SendMessage': {
      const body = String(input.MessageBody);
      return { MessageId: queue.send(body), MD5OfMessageBody: md5(body) };
    }
    case 'AmazonSQS.SendMessageBatch': {
      const entries = (input.Entries ?? []) as { Id: string; MessageBody: string }[];
      return { Successful: entries.map((entry) => ({ Id: entry.Id, MessageId: queue.send(entry.MessageBody), MD5OfMessageBody: md5(entry.MessageBody) })), Failed: [] };
    }
    case 'AmazonSQS.ChangeMessageVisibility':
      queue.changeVisibility(String(input.ReceiptHandle), Number(input.VisibilityTimeout));
      return {};
    default:
      throw new Error(`The local SQS does not do ${target}`);
  }
}

/** Lambda's SQS event source, locally: one batch at a time, partial batch failures honoured. */
export function startQueuePoller(options: {
  queue: LocalQueue;
  queueArn: string;
  consumer: { name: string; handler: string };
  batchSize: number;
  intervalMs?: number;
  /** How the consumer is run: in process, as the other local event sources do (a test passes its own). */
  run?: (consumer: { name: string; handler: string }, event: SQSEvent) => Promise<unknown>;
}): { stop: () => Promise<void> } {
  const run = options.run ?? invoke;
  let stopped = false;
  const pollOnce = async (): Promise<boolean> => {
    const received = options.queue.receive(options.batchSize);
    if (received.length === 0) return false;
    const event: SQSEvent = {
      Records: received.map((message) => ({
        messageId: message.messageId,
        receiptHandle: message.receiptHandle,
        body: message.body,
        attributes: { ApproximateReceiveCount: String(message.receiveCount), SentTimestamp: '', SenderId: 'local', ApproximateFirstReceiveTimestamp: '' },
        messageAttributes: {},
        md5OfBody: md5(message.body),
        eventSource: 'aws:sqs',
        eventSourceARN: options.queueArn,
        awsRegion: 'local',
      })),
    };
    try {
      const response = (await run(options.consumer, event)) as SQSBatchResponse | undefined;
      const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      for (const message of received) if (!failed.has(message.messageId)) options.queue.delete(message.receiptHandle);
    } catch (error) {
      // The whole batch comes back after the visibility timeout, as in AWS.
      console.error(`Queue consumer ${options.consumer.name} failed`, error);
    }
    return true;
  };
  const loopEnded = (async () => {
    while (!stopped) {
      const delivered = await pollOnce();
      if (!delivered) await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
    }
  })();
  return {
    stop: () => {
      stopped = true;
      return loopEnded;
    },
  };
}

/** Where the gateway answers the SQS calls (behind the local control secret, like the fake SES). */
export const LOCAL_SQS_PATH = '/_local/sqs';

/** The webhook delivery queue and its dead-letter queue, as the realtime stack makes them in AWS. */
export function createWebhookQueues(sqsEndpoint: string, sender: { timeoutSeconds: number; maxReceiveCount: number }) {
  const deadLetters = new LocalQueue({ visibilityTimeoutSeconds: 30 });
  const deliveries = new LocalQueue({ visibilityTimeoutSeconds: sender.timeoutSeconds * 6, deadLetter: { queue: deadLetters, maxReceiveCount: sender.maxReceiveCount } });
  const deliveriesUrl = `${sqsEndpoint}/webhook-deliveries`;
  const deadLettersUrl = `${sqsEndpoint}/webhook-dead-letters`;
  return { deliveries, deadLetters, deliveriesUrl, byUrl: new Map([[deliveriesUrl, deliveries], [deadLettersUrl, deadLetters]]) };
}
