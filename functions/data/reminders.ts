import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { keys, WORKSPACE_REGISTRY_PARTITION } from './keys.js';
import { workspaceListPage, type WorkspaceListPage } from './plan-runs.js';
import { writtenUnlessRefused } from './table-operations.js';

/** The due-date reminders' bookkeeping: every workspace to go through, and one record per user and day. */
const KEPT_SECONDS = 14 * 24 * 60 * 60;

export function registeredWorkspaces(startKey?: Record<string, unknown>): Promise<WorkspaceListPage> {
  return workspaceListPage(WORKSPACE_REGISTRY_PARTITION, startKey);
}

/** Takes the user's reminder of `date`: false when it was sent already (a retry or a second delivery). */
export async function claimReminder(userId: string, date: string, now: Date): Promise<boolean> {
  return writtenUnlessRefused(() =>
    documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.reminderSent(userId, date), sentAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + KEPT_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** A reminder that could not be sent is released, so the next delivery tries again. */
export async function releaseReminder(userId: string, date: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.reminderSent(userId, date) }));
}
