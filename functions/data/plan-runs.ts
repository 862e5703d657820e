import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.js';
import { AUTO_PLAN_PARTITION, keys } from './keys.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * The scheduled weekly plan's bookkeeping: the list of workspaces that asked for it, and one run record per
 * workspace and week, so a retried or doubled delivery of the schedule plans each week once.
 */

/**
 * How long a run that was claimed and never finished (its invocation died: a timeout) keeps its workspace.
 * Far longer than planning one workspace takes (seconds), and far shorter than the job's 15-minute timeout:
 * Lambda retries a failed run 1 and then 2 minutes after the previous attempt, so at the latest its last
 * retry finds the workspace free again. (The job runs one invocation at a time: no live run is overtaken.)
 */
const RUN_LEASE_MS = 2 * 60_000;
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

/** What a delivery finds when it claims a workspace's week: its own to plan, planned already, or taken. */
export type PlanRunClaim = 'claimed' | 'done' | 'running';

/**
 * Takes the week's run of a workspace: `claimed` when this delivery should plan it (no run yet, or one whose
 * lease ran out: its invocation died); `done` when planned already; `running` while another run holds it.
 * `now` is the wall clock, never the event's time, which a retried delivery repeats.
 */
export async function claimPlanRun(workspaceId: string, weekStart: string, now: Date): Promise<PlanRunClaim> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.planRun(workspaceId, weekStart),
          status: 'running',
          leaseUntil: now.getTime() + RUN_LEASE_MS,
          expiresAt: epochSeconds(now) + RUN_KEPT_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now.getTime() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return error.Item?.status?.S === 'done' ? 'done' : 'running';
  }
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
