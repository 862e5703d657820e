import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryView } from '../../shared/schemas/webhook.js';
import type { Webhook } from '../data/webhooks.js';

vi.stubEnv('WEBHOOK_QUEUE_URL', 'https://sqs.eu-west-1.amazonaws.com/123/deliveries');
const sqs = mockClient(SQSClient);
const stored = vi.hoisted(() => ({ workspaceIds: [] as string[], webhook: undefined as Webhook | undefined, outcome: undefined as Partial<WebhookDeliveryView> | undefined, attempts: [] as number[] }));
vi.mock('../data/webhooks.js', () => ({ getWebhook: () => Promise.resolve(stored.webhook) }));
vi.mock('../data/workspace.js', () => ({ existingWorkspaceIds: () => Promise.resolve(new Set(stored.workspaceIds)) }));
vi.mock('./delivery.js', () => ({
  attemptDelivery: (_webhook: Webhook, _message: unknown, options: { attempt: number }) => {
    stored.attempts.push(options.attempt);
    return Promise.resolve(stored.outcome);
  },
}));
const { handler } = await import('./sender.js');

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  sqs.restore();
});

const NOW = Date.parse('2026-12-07T12:00:00.000Z');
const body = JSON.stringify({ workspaceId: 'ws-1', webhookId: 'hook-1', messageId: 'msg_1', type: 'task.created', body: '{}', firstAttemptAt: '2026-12-07T11:59:00.000Z' });
const record = (messageId: string, receiveCount: number): SQSRecord =>
  ({ messageId, receiptHandle: `handle-${messageId}`, body, attributes: { ApproximateReceiveCount: String(receiveCount) } }) as unknown as SQSRecord;
const invoke = (records: SQSRecord[]) => handler({ Records: records } as SQSEvent, {} as never);

describe('the webhook sender (the delivery queue consumer)', () => {
  beforeEach(() => {
    sqs.reset();
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    stored.webhook = { id: 'hook-1', workspaceId: 'ws-1', enabled: true } as Webhook;
    stored.attempts = [];
    stored.workspaceIds = ['ws-1'];
  });

  it('acknowledges a delivered message', async () => {
    stored.outcome = { status: 'succeeded', nextAttemptAt: null };
    expect(await invoke([record('m-1', 1)])).toEqual({ batchItemFailures: [] });
    expect(stored.attempts).toEqual([1]);
    expect(sqs.calls()).toHaveLength(0);
  });

  it('reports a failed attempt as a batch item failure, visible again when the backoff says, numbered by the receive count', async () => {
    stored.outcome = { status: 'retrying', nextAttemptAt: new Date(NOW + 300_000).toISOString() };
    expect(await invoke([record('m-2', 2)])).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-2' }] });
    expect(stored.attempts).toEqual([2]);
    const [change] = sqs.commandCalls(ChangeMessageVisibilityCommand);
    expect(change?.args[0].input).toEqual({ QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123/deliveries', ReceiptHandle: 'handle-m-2', VisibilityTimeout: 300 });
  });

  it('keeps a visibility within the 12 hours SQS allows', async () => {
    stored.outcome = { status: 'retrying', nextAttemptAt: new Date(NOW + 12 * 3600_000).toISOString() };
    await invoke([record('m-3', 6)]);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)[0]?.args[0].input.VisibilityTimeout).toBe(12 * 3600 - 60);
  });

  it('acknowledges a message whose attempts are spent (logged as given up), so it never reaches the dead-letter queue', async () => {
    stored.outcome = { status: 'failed', nextAttemptAt: null };
    expect(await invoke([record('m-4', 7)])).toEqual({ batchItemFailures: [] });
    expect(stored.attempts).toEqual([7]);
    expect(sqs.calls()).toHaveLength(0);
  });

  it('sends nothing for an endpoint deleted or turned off meanwhile', async () => {
    stored.webhook = { id: 'hook-1', workspaceId: 'ws-1', enabled: false } as Webhook;
    expect(await invoke([record('m-5', 2)])).toEqual({ batchItemFailures: [] });
    expect(stored.attempts).toEqual([]);
  });

  it('sends nothing for a workspace being deleted (its item gone, its endpoints not yet swept)', async () => {
    stored.workspaceIds = [];
    stored.outcome = { status: 'succeeded', nextAttemptAt: null };
    expect(await invoke([record('m-8', 2)])).toEqual({ batchItemFailures: [] });
    expect(stored.attempts).toEqual([]);
  });

  it('reports only the messages it could not handle, the others of the batch acknowledged', async () => {
    stored.outcome = { status: 'succeeded', nextAttemptAt: null };
    const broken = { ...record('m-7', 1), body: 'not json' };
    expect(await invoke([record('m-6', 1), broken])).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-7' }] });
  });
});
