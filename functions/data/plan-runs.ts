import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { AUTO_PLAN_PARTITION, keys } from './keys.js';
import { writtenUnlessRefused } from './table-operations.js';

/**
 * The scheduled weekly plan's bookkeeping: the list of workspaces that asked for it, and one run record per
 * workspace and week, so a retried or doubled delivery of the schedule plans each week once.
 */
const RUN_LEASE_MS = 15 * 60_000;
const RUN_KEPT_SECONDS = 60 * 24 * 60 * 60;

export interface WorkspaceListPage {
  readonly workspaceIds: string[];
  readonly nextKey?: Record<string, unknown>;
}

/** One page of a list of workspaces (entries holding `workspaceId`): the auto-plan list or the registry. */
export async function workspaceListPage(partition: string, startKey?: Record<string, unknown>): Promise<WorkspaceListPage> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      Limit: 100,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return { workspaceIds: (page.Items ?? []).map((item) => String(item.workspaceId)), ...(page.LastEvaluatedKey ? { nextKey: page.LastEvaluatedKey } : {}) };
}

/** One page of the workspaces that plan their week automatically. */
export function autoPlanWorkspaces(startKey?: Record<string, unknown>): Promise<WorkspaceListPage> {
  return workspaceListPage(AUTO_PLAN_PARTITION, startKey);
}

export async function removeAutoPlanEntry(workspaceId: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.autoPlanEntry(workspaceId) }));
}

/**
 * Takes the week's run of a workspace: true when this delivery should plan it — no run yet, or one that
 * started long enough ago to have died. A finished run, or one under way, answers false.
 */
export async function claimPlanRun(workspaceId: string, weekStart: string, now: Date): Promise<boolean> {
  return writtenUnlessRefused(() =>
    documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.planRun(workspaceId, weekStart),
          status: 'running',
          leaseUntil: now.getTime() + RUN_LEASE_MS,
          expiresAt: Math.floor(now.getTime() / 1000) + RUN_KEPT_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now.getTime() },
      }),
    ),
  );
}

export async function finishPlanRun(workspaceId: string, weekStart: string, summary: { placed: number; unplaced: number; conflicts: number }): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.planRun(workspaceId, weekStart),
      UpdateExpression: 'SET #status = :done, placed = :placed, unplaced = :unplaced, conflicts = :conflicts',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':placed': summary.placed, ':unplaced': summary.unplaced, ':conflicts': summary.conflicts },
    }),
  );
}

/** A run that failed gives the week back, so the next delivery tries again. */
export async function releasePlanRun(workspaceId: string, weekStart: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.planRun(workspaceId, weekStart) }));
}
