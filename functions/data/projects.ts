import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectView } from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import {
  assembleProjects,
  isCurrent,
  owningProjectId,
  PROJECT_ENTITY,
  projectItem,
  projectKey,
  projectSortKeyPrefix,
  workspacePartition,
  type Project,
} from './project-items.js';
import { batchDeleteKeys, putIfCurrent, queryAllItems, transactionFailures, type VersionedWriteOutcome } from './table-operations.js';
import { workspaceKey } from './workspace.js';

export type { Project } from './project-items.js';
export type { VersionedWriteOutcome } from './table-operations.js';

function queryProjectItems(workspaceId: string, projectId?: string): Promise<Record<string, unknown>[]> {
  return queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': projectSortKeyPrefix(projectId) },
  });
}

/** Every project of the workspace with its tasks, milestones and notes: one paginated Query. */
export async function listProjectTrees(workspaceId: string): Promise<ProjectView[]> {
  return assembleProjects(await queryProjectItems(workspaceId));
}

/** One project with its children: one paginated Query. */
export async function getProjectTree(workspaceId: string, projectId: string): Promise<ProjectView | undefined> {
  const items = (await queryProjectItems(workspaceId, projectId)).filter((item) => owningProjectId(item) === projectId);
  return assembleProjects(items)[0];
}

/**
 * Creates the project while its workspace exists, checked in the same transaction: a workspace deletion
 * running meanwhile cannot leave a project (and later its children) in a partition nobody can reach.
 */
export async function createProject(project: Project): Promise<'written' | 'no-workspace'> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName: tableName, Key: workspaceKey(project.workspaceId), ConditionExpression: 'attribute_exists(PK)' } },
          { Put: { TableName: tableName, Item: projectItem(project), ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (transactionFailures(error)?.[0] === 'missing') return 'no-workspace';
    throw error;
  }
}

/** Writes the project's new state if it is still at `expectedVersion`. */
export function replaceProject(project: Project, expectedVersion: number): Promise<VersionedWriteOutcome> {
  return putIfCurrent(projectItem(project), isCurrent(PROJECT_ENTITY, expectedVersion));
}

/**
 * Deletes a project and everything it holds; false when there is no such project. Children go first and
 * the project last, so a failure half-way leaves the project in place and a retry finishes the job. Once
 * the project is gone no child can be created (creates check it in their transaction), so one more sweep
 * removes any child created while the first one ran.
 */
export async function deleteProjectTree(workspaceId: string, projectId: string): Promise<boolean> {
  const items = await queryProjectItems(workspaceId, projectId);
  if (!items.some((item) => item.entity === PROJECT_ENTITY && item.id === projectId)) return false;
  await deleteChildrenOf(projectId, items);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: projectKey(workspaceId, projectId) }));
  await deleteChildrenOf(projectId, await queryProjectItems(workspaceId, projectId));
  return true;
}

async function deleteChildrenOf(projectId: string, items: readonly Record<string, unknown>[]): Promise<void> {
  const children = items.filter((item) => item.entity !== PROJECT_ENTITY && owningProjectId(item) === projectId);
  await batchDeleteKeys(children.map((item) => ({ PK: item.PK, SK: item.SK })));
}
