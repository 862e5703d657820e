import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { batchGetItems } from './batch-get.js';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { membershipItem, type Membership } from './membership.js';
import { transactWrite, transactWriteOrRefusal } from './table-operations.js';

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  createdBy: string;
  /** "Plan my week automatically" (Workspace Settings); off unless switched on. */
  autoWeeklyPlan: boolean;
  /** "A task can't be completed while a task blocking it is open" (Workspace Settings); off unless switched on. */
  blockersMustBeDone: boolean;
  /** Owners and admins must sign in with two factors to open it (Workspace Settings, the owner's); off unless switched on. */
  requireTwoFactor: boolean;
  /** Members' personal API tokens work here (Workspace Settings, owners and admins); on unless switched off. */
  apiTokensEnabled: boolean;
  /** API tokens that never expire may reach it (Workspace Settings); off unless switched on. */
  allowNonExpiringTokens: boolean;
  /** Counts the workspace's writes (workspaces made before it existed count as version 1). */
  version: number;
}

const WORKSPACE_ENTITY = 'Workspace';

const storedWorkspace = z.pipe(
  z.object({
    entity: z.literal(WORKSPACE_ENTITY),
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    autoWeeklyPlan: z._default(z.boolean(), false),
    blockersMustBeDone: z._default(z.boolean(), false),
    requireTwoFactor: z._default(z.boolean(), false),
    apiTokensEnabled: z._default(z.boolean(), true),
    allowNonExpiringTokens: z._default(z.boolean(), false),
    version: z._default(z.number(), 1),
  }),
  z.transform(({ entity: _entity, ...workspace }): Workspace => workspace),
);

/** The workspace and its owner's membership, written together or not at all. */
export async function createWorkspace(workspace: Workspace, owner: Membership): Promise<void> {
  await transactWrite([
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.workspace(workspace.id), entity: WORKSPACE_ENTITY, ...workspace },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Put: { TableName: tableName, Item: membershipItem(owner), ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName, Item: { ...keys.workspaceRegistryEntry(workspace.id), workspaceId: workspace.id } } },
  ]);
}

export interface WorkspaceSettings {
  readonly name?: string | undefined;
  readonly autoWeeklyPlan?: boolean | undefined;
  readonly blockersMustBeDone?: boolean | undefined;
  readonly requireTwoFactor?: boolean | undefined;
  readonly apiTokensEnabled?: boolean | undefined;
  readonly allowNonExpiringTokens?: boolean | undefined;
}

/**
 * Writes the settings sent and counts the write in the version, in one transaction with the workspace's
 * entry in the weekly-plan schedule's list when the automatic plan is switched. The workspace must exist
 * and, when `expectedVersion` is given, still be at that version (a workspace stored without one is at 1):
 * `missing` when it is not, `stale` when it is at another version.
 */
export async function updateWorkspaceSettings(workspaceId: string, settings: WorkspaceSettings, expectedVersion: number | undefined, userId: string): Promise<'stale' | 'missing' | undefined> {
  const { name, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled, allowNonExpiringTokens } = settings;
  const versionCondition =
    expectedVersion === undefined ? '' : expectedVersion === 1 ? ' AND (attribute_not_exists(#version) OR #version = :expected)' : ' AND #version = :expected';
  return transactWriteOrRefusal([
    {
      write: {
        Update: {
          TableName: tableName,
          Key: keys.workspace(workspaceId),
          UpdateExpression: [
            'SET #version = if_not_exists(#version, :one) + :one',
            ...(name === undefined ? [] : ['#name = :name']),
            ...(autoWeeklyPlan === undefined ? [] : ['autoWeeklyPlan = :on']),
            ...(blockersMustBeDone === undefined ? [] : ['blockersMustBeDone = :blockers']),
            ...(requireTwoFactor === undefined ? [] : ['requireTwoFactor = :twoFactor']),
            ...(apiTokensEnabled === undefined ? [] : ['apiTokensEnabled = :tokens']),
            ...(allowNonExpiringTokens === undefined ? [] : ['allowNonExpiringTokens = :nonExpiring']),
          ].join(', '),
          ConditionExpression: `attribute_exists(PK)${versionCondition}`,
          ExpressionAttributeNames: { '#version': 'version', ...(name === undefined ? {} : { '#name': 'name' }) },
          ExpressionAttributeValues: {
            ':one': 1,
            ...(name === undefined ? {} : { ':name': name }),
            ...(autoWeeklyPlan === undefined ? {} : { ':on': autoWeeklyPlan }),
            ...(blockersMustBeDone === undefined ? {} : { ':blockers': blockersMustBeDone }),
            ...(requireTwoFactor === undefined ? {} : { ':twoFactor': requireTwoFactor }),
            ...(apiTokensEnabled === undefined ? {} : { ':tokens': apiTokensEnabled }),
            ...(allowNonExpiringTokens === undefined ? {} : { ':nonExpiring': allowNonExpiringTokens }),
            ...(expectedVersion === undefined ? {} : { ':expected': expectedVersion }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      // The item returned is there at another version.
      refused: (failure) => (failure === 'exists' ? 'stale' : 'missing'),
    },
    ...(autoWeeklyPlan === undefined
      ? []
      : [
          {
            write: autoWeeklyPlan
              ? { Put: { TableName: tableName, Item: { ...keys.autoPlanEntry(workspaceId), workspaceId, enabledBy: userId } } }
              : { Delete: { TableName: tableName, Key: keys.autoPlanEntry(workspaceId) } },
          },
        ]),
  ]);
}

export async function getWorkspace(id: string): Promise<Workspace | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.workspace(id) }));
  return Item ? storedWorkspace.parse(Item) : undefined;
}

/** Whether the workspace is there (a consistent read: its deletion may have begun just now). */
export async function workspaceExists(id: string): Promise<boolean> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.workspace(id), ConsistentRead: true, ProjectionExpression: 'PK' }));
  return Item !== undefined;
}

/** Loads many workspaces in ceil(n / 100) BatchGet calls. */
export async function getWorkspaces(ids: readonly string[]): Promise<Workspace[]> {
  return (await batchGetItems(ids.map(keys.workspace))).map((item) => storedWorkspace.parse(item));
}

/**
 * The items (of the stream consumers: search entries, task history) whose workspace still exists. A
 * workspace's deletion deletes its workspace item first and their partitions near the end; a record of a
 * change made just before it, read after that, would store items nobody can reach any more and nothing
 * would ever delete.
 */
export async function ofExistingWorkspaces<T extends Record<string, unknown>>(puts: T[]): Promise<T[]> {
  if (puts.length === 0) return puts;
  const existing = await existingWorkspaceIds(puts.map((put) => String(put.workspaceId)));
  return puts.filter((put) => existing.has(String(put.workspaceId)));
}

/** Which of the workspaces still exist (a deleted one, or one being deleted, has no workspace item any more). */
export async function existingWorkspaceIds(workspaceIds: readonly string[], options: { consistent?: boolean } = {}): Promise<Set<string>> {
  const keysOf = [...new Set(workspaceIds)].map((workspaceId) => keys.workspace(workspaceId));
  return new Set((await batchGetItems(keysOf, options)).map((item) => storedWorkspace.parse(item).id));
}
