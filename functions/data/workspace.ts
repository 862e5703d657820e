import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { batchGetItems } from './batch-get.js';
import { documentClient, tableName } from './client.js';
import { keys } from './keys.js';
import { membershipItem, type Membership } from './membership.js';
import { transactWrite } from './table-operations.js';

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  createdBy: string;
  /** "Plan my week automatically" (Workspace Settings); off unless switched on. */
  autoWeeklyPlan: boolean;
}

const WORKSPACE_ENTITY = 'Workspace';

const storedWorkspace = z
  .object({
    entity: z.literal(WORKSPACE_ENTITY),
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    autoWeeklyPlan: z.boolean().default(false),
  })
  .transform(({ entity: _entity, ...workspace }): Workspace => workspace);

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

/**
 * Switches the automatic weekly plan, with the workspace's entry in the schedule's list, in one transaction
 * (the workspace must exist).
 */
export async function setAutoWeeklyPlan(workspaceId: string, on: boolean, userId: string): Promise<void> {
  await transactWrite([
    {
      Update: {
        TableName: tableName,
        Key: keys.workspace(workspaceId),
        UpdateExpression: 'SET autoWeeklyPlan = :on',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':on': on },
      },
    },
    on
      ? { Put: { TableName: tableName, Item: { ...keys.autoPlanEntry(workspaceId), workspaceId, enabledBy: userId } } }
      : { Delete: { TableName: tableName, Key: keys.autoPlanEntry(workspaceId) } },
  ]);
}

export async function getWorkspace(id: string): Promise<Workspace | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.workspace(id) }));
  return Item ? storedWorkspace.parse(Item) : undefined;
}

/** Loads many workspaces in ceil(n / 100) BatchGet calls. */
export async function getWorkspaces(ids: readonly string[]): Promise<Workspace[]> {
  return (await batchGetItems(ids.map(keys.workspace))).map((item) => storedWorkspace.parse(item));
}
