import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_WEBHOOKS_PER_WORKSPACE, webhookDeliveryView, webhookView, type WebhookDeliveryView, type WebhookView } from '../../shared/schemas/webhook.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { keys, webhookLogPartition, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { countWithinLimit, queryAllItems, transactCountedOut, transactWriteOrRefusal, writtenUnlessRefused, type RefusableWrite } from './table-operations.js';

/**
 * Webhook endpoints (WS#<ws> / WEBHOOK#<id>, so they go with the workspace), counted by WS#<ws> / WEBHOOKCOUNT
 * in the transactions that create and delete one (as labels are: endpoints made at the same moment cannot
 * pass the workspace's limit; counted since layout 9) and their delivery attempts (a log
 * partition per endpoint, kept 7 days by the TTL); the deliveries waiting for a retry are in the queue
 * (webhooks/queue.ts). None of these items is a change the stream consumers read (data/stream-changes.ts).
 */
const WEBHOOK_ENTITY = 'Webhook';
const ATTEMPT_ENTITY = 'WebhookAttempt';
const COUNT_ENTITY = 'WebhookCount';
const ATTEMPT_KEPT_SECONDS = 7 * 24 * 60 * 60;

export type Webhook = WebhookView;
const storedWebhook = webhookView;

const countWebhookIn = (workspaceId: string) => countWithinLimit(keys.webhookCount(workspaceId), COUNT_ENTITY, MAX_WEBHOOKS_PER_WORKSPACE, 'full' as const);

/** The workspace item is still there: its deletion removes it first, then sweeps the rest. */
const workspaceStands = <R extends string>(workspaceId: string, refused: R): RefusableWrite<R> => ({
  write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(workspaceId), ConditionExpression: 'attribute_exists(PK)' } },
  refused,
});

/** The webhook count item as the migration that fills it in writes it. */
export const webhookCountItem = (workspaceId: string, count: number): Record<string, unknown> => ({ ...keys.webhookCount(workspaceId), entity: COUNT_ENTITY, count });

/** Stores a new endpoint while its workspace exists and has room for it (one transaction). */
export async function createWebhook(webhook: Webhook): Promise<'written' | 'no-workspace' | 'full'> {
  const refused = await transactWriteOrRefusal<'no-workspace' | 'full'>([
    workspaceStands(webhook.workspaceId, 'no-workspace'),
    countWebhookIn(webhook.workspaceId),
    { write: { Put: { TableName: tableName, Item: { ...keys.webhook(webhook.workspaceId, webhook.id), entity: WEBHOOK_ENTITY, ...webhook }, ConditionExpression: 'attribute_not_exists(PK)' } } },
  ]);
  return refused ?? 'written';
}

/** Replaces a webhook that is still there; false when it was deleted meanwhile. */
export function replaceWebhook(webhook: Webhook): Promise<boolean> {
  return writtenUnlessRefused(() =>
    documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.webhook(webhook.workspaceId, webhook.id), entity: WEBHOOK_ENTITY, ...webhook },
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

export async function getWebhook(workspaceId: string, webhookId: string): Promise<Webhook | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.webhook(workspaceId, webhookId), ConsistentRead: true }));
  return Item ? storedWebhook.parse(Item) : undefined;
}

export async function listWebhooksOf(workspaceId: string): Promise<Webhook[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': workspaceSortKeyPrefixes.webhook },
  });
  return items.map((item) => storedWebhook.parse(item));
}

/**
 * Deletes the endpoint and counts it out, while its workspace stands (so no count item is written again for
 * a workspace being deleted); false when it or its workspace was gone already. An endpoint the count does not
 * hold (stored before it) is deleted with the count left as it is.
 */
export async function deleteWebhook(workspaceId: string, webhookId: string): Promise<boolean> {
  const deletion: RefusableWrite<'missing'>[] = [
    workspaceStands(workspaceId, 'missing'),
    { write: { Delete: { TableName: tableName, Key: keys.webhook(workspaceId, webhookId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'missing' },
  ];
  return (await transactCountedOut(deletion, keys.webhookCount(workspaceId))) === undefined;
}

export interface WebhookAttempt extends WebhookDeliveryView {
  readonly workspaceId: string;
  readonly webhookId: string;
}

export async function putWebhookAttempt(attempt: WebhookAttempt): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.webhookAttempt(attempt.workspaceId, attempt.webhookId, attempt.at, attempt.id),
        entity: ATTEMPT_ENTITY,
        ...attempt,
        expiresAt: epochSeconds(attempt.at) + ATTEMPT_KEPT_SECONDS,
      },
    }),
  );
}

/** An endpoint's latest attempts, newest first. */
export async function latestWebhookAttempts(workspaceId: string, webhookId: string, limit: number): Promise<WebhookDeliveryView[]> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': webhookLogPartition(workspaceId, webhookId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => webhookDeliveryView.parse(item));
}

export const DISABLED_FOR_FAILURES = 'Turned off after failing for 3 days';

/**
 * Keeps an endpoint's run of failures: cleared by a success, started by a first failure, and the endpoint
 * turned off once the run is `disableAfterMs` old. Written only when something changes, on condition that
 * the endpoint is still there (and, to turn it off, still on). True when this call turned it off: of two
 * failures at the same moment only one does, so its owners are told once.
 */
export async function recordWebhookOutcome(webhook: Webhook, ok: boolean, now: Date, disableAfterMs: number): Promise<boolean> {
  let change: Record<string, unknown>;
  if (ok) {
    if (webhook.failingSince === null) return false;
    change = { failingSince: null };
  } else if (webhook.failingSince === null) change = { failingSince: now.toISOString() };
  else if (webhook.enabled && now.getTime() - Date.parse(webhook.failingSince) >= disableAfterMs) change = { enabled: false, disabledReason: DISABLED_FOR_FAILURES };
  else return false;
  const turningOff = change.enabled === false;
  const names = Object.keys(change);
  const written = await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.webhook(webhook.workspaceId, webhook.id),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: turningOff ? 'attribute_exists(PK) AND #enabled = :on' : 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((name) => [`:${name}`, change[name]])), ...(turningOff ? { ':on': true } : {}) },
      }),
    ),
  );
  return turningOff && written;
}
