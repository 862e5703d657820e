import { createHash } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { handleSqsCall, LocalQueue, startQueuePoller } from './webhook-queue.js';

describe('the local SQS stand-in of the webhook queue', () => {
  const clock = { now: 0 };
  const queues = () => {
    const deadLetters = new LocalQueue({ visibilityTimeoutSeconds: 30, now: () => clock.now });
    const deliveries = new LocalQueue({ visibilityTimeoutSeconds: 360, deadLetter: { queue: deadLetters, maxReceiveCount: 2 }, now: () => clock.now });
    return { deliveries, deadLetters, byUrl: new Map([['http://local/deliveries', deliveries], ['http://local/dead', deadLetters]]) };
  };

  it('takes SendMessageBatch as SQS does, with the MD5 of each body the SDK checks', () => {
    const { deliveries, byUrl } = queues();
    const answer = handleSqsCall(byUrl, 'AmazonSQS.SendMessageBatch', { QueueUrl: 'http://local/deliveries', Entries: [{ Id: '0', MessageBody: 'a' }, { Id: '1', MessageBody: 'b' }] });
    expect(answer).toMatchObject({ Successful: [{ Id: '0', MD5OfMessageBody: createHash('md5').update('a').digest('hex') }, { Id: '1' }], Failed: [] });
    expect(deliveries.bodies()).toEqual(['a', 'b']);
    expect(() => handleSqsCall(byUrl, 'AmazonSQS.PurgeQueue', { QueueUrl: 'http://local/deliveries' })).toThrow('does not do AmazonSQS.PurgeQueue');
  });

  it('hides a received message for the visibility timeout, or as long as ChangeMessageVisibility says, counting receives', () => {
    clock.now = 0;
    const { deliveries, byUrl } = queues();
    deliveries.send('hello');
    const [first] = deliveries.receive(10);
    expect(first).toMatchObject({ body: 'hello', receiveCount: 1 });
    expect(deliveries.receive(10)).toEqual([]);
    handleSqsCall(byUrl, 'AmazonSQS.ChangeMessageVisibility', { QueueUrl: 'http://local/deliveries', ReceiptHandle: first?.receiptHandle, VisibilityTimeout: 60 });
    clock.now = 59_000;
    expect(deliveries.receive(10)).toEqual([]);
    clock.now = 60_000;
    expect(deliveries.receive(10)).toEqual([expect.objectContaining({ body: 'hello', receiveCount: 2 })]);
  });

  it('moves a message received more than maxReceiveCount times to the dead-letter queue, and forgets a deleted one', () => {
    clock.now = 0;
    const { deliveries, deadLetters } = queues();
    deliveries.send('spent');
    deliveries.send('done');
    const [, done] = deliveries.receive(10);
    deliveries.delete(done?.receiptHandle ?? '');
    clock.now = 360_000;
    deliveries.receive(10);
    clock.now = 720_000;
    expect(deliveries.receive(10)).toEqual([]);
    expect(deliveries.bodies()).toEqual([]);
    expect(deadLetters.bodies()).toEqual(['spent']);
  });

  it('hands visible messages to the consumer as an SQS event and deletes those it did not report failed', async () => {
    clock.now = 0;
    const { deliveries } = queues();
    deliveries.send('ok');
    deliveries.send('again');
    const events: SQSEvent[] = [];
    const poller = startQueuePoller({
      queue: deliveries,
      queueArn: 'arn:aws:sqs:local:0:deliveries',
      consumer: { name: 'Sender', handler: 'unused' },
      batchSize: 10,
      intervalMs: 5,
      run: (_consumer, event) => {
        events.push(event);
        const failed = event.Records.filter((record) => record.body === 'again').map((record) => ({ itemIdentifier: record.messageId }));
        return Promise.resolve({ batchItemFailures: failed });
      },
    });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    await poller.stop();
    expect(events[0]?.Records.map((record) => [record.body, record.attributes.ApproximateReceiveCount, record.eventSource])).toEqual([
      ['ok', '1', 'aws:sqs'],
      ['again', '1', 'aws:sqs'],
    ]);
    expect(deliveries.bodies()).toEqual(['again']);
  });
});
