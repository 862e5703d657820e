import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { WORKSPACE_REGISTRY_PARTITION, type ItemKey } from './keys.js';
import { workspaceListPage, type WorkspaceListPage } from './plan-runs.js';
import { writtenUnlessRefused } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * The bookkeeping of scheduled and stream-sent mails: every workspace to go through, and one record per mail
 * (a user's due-date reminder of a day, keys.reminderSent; a digest of a day or a stream record's mail,
 * keys.mailSent), so that it goes out once however often it is tried.
 */
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
 * Takes the mail for sending: its lease token, or undefined when it was sent already, or
 * another delivery is sending it right now. `now` is the run's (the event's) time; the lease
 * runs on the wall clock, since a retry repeats the event's time. Records without a status were sent before
 * statuses existed.
 */
export async function claimMail(key: ItemKey, now: Date): Promise<string | undefined> {
  const wallClock = epochSeconds();
  const leaseToken = randomUUID();
  const taken = await writtenUnlessRefused(() =>
    documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...key,
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
export async function markMailSent(key: ItemKey, leaseToken: string): Promise<void> {
  const { ConditionExpression, ExpressionAttributeValues } = heldBy(leaseToken);
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET #status = :sent REMOVE leaseUntil, leaseToken',
        ConditionExpression,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...ExpressionAttributeValues, ':sent': 'sent' },
      }),
    ),
  );
}

/** A reminder that could not be sent is released, so the next delivery tries again. */
export async function releaseMail(key: ItemKey, leaseToken: string): Promise<void> {
  await writtenUnlessRefused(() => documentClient.send(new DeleteCommand({ TableName: tableName, Key: key, ...heldBy(leaseToken) })));
}
