import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { keys, WORKSPACE_REGISTRY_PARTITION } from './keys.js';
import { workspaceListPage, type WorkspaceListPage } from './plan-runs.js';
import { writtenUnlessRefused } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/** The due-date reminders' bookkeeping: every workspace to go through, and one record per user and day. */
const KEPT_SECONDS = 14 * 24 * 60 * 60;

export function registeredWorkspaces(startKey?: Record<string, unknown>): Promise<WorkspaceListPage> {
  return workspaceListPage(WORKSPACE_REGISTRY_PARTITION, startKey);
}

/**
 * How long a run may take between taking a reminder and recording it sent (one SES call). A run that died in
 * between left its reminder taken: the retry Lambda makes a minute later takes it again and sends it.
 */
const SENDING_LEASE_SECONDS = 45;

/**
 * Takes the user's reminder of `date` for sending: its lease token, or undefined when it was sent already, or
 * another delivery of the same run is sending it right now. `now` is the run's (the event's) time; the lease
 * runs on the wall clock, since a retry repeats the event's time. Records without a status were sent before
 * statuses existed.
 */
export async function claimReminder(userId: string, date: string, now: Date): Promise<string | undefined> {
  const wallClock = epochSeconds();
  const leaseToken = randomUUID();
  const taken = await writtenUnlessRefused(() =>
    documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.reminderSent(userId, date),
          status: 'sending',
          leaseToken,
          leaseUntil: wallClock + SENDING_LEASE_SECONDS,
          sentAt: now.toISOString(),
          expiresAt: epochSeconds(now) + KEPT_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR (#status = :sending AND leaseUntil < :wallClock)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':wallClock': wallClock },
      }),
    ),
  );
  return taken ? leaseToken : undefined;
}

/** Only the delivery still holding the lease records the outcome (a slower one's lease was taken over). */
const heldBy = (leaseToken: string) => ({ ConditionExpression: 'leaseToken = :leaseToken', ExpressionAttributeValues: { ':leaseToken': leaseToken } });

/** The reminder went out: no delivery takes it again. */
export async function markReminderSent(userId: string, date: string, leaseToken: string): Promise<void> {
  const { ConditionExpression, ExpressionAttributeValues } = heldBy(leaseToken);
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.reminderSent(userId, date),
        UpdateExpression: 'SET #status = :sent REMOVE leaseUntil, leaseToken',
        ConditionExpression,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...ExpressionAttributeValues, ':sent': 'sent' },
      }),
    ),
  );
}

/** A reminder that could not be sent is released, so the next delivery tries again. */
export async function releaseReminder(userId: string, date: string, leaseToken: string): Promise<void> {
  await writtenUnlessRefused(() => documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.reminderSent(userId, date), ...heldBy(leaseToken) })));
}
