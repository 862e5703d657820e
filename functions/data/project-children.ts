import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TaskStatus } from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import {
  childItem,
  childKey,
  childKinds,
  childSortKeyPrefix,
  isCurrent,
  PROJECT_ENTITY,
  projectKey,
  toChild,
  workspacePartition,
  type ChildKind,
  type ChildRecords,
} from './project-items.js';
import {
  conditionFailure,
  putIfCurrent,
  queryAllItems,
  transactionFailures,
  type VersionedWriteOutcome,
} from './table-operations.js';

/**
 * Tasks, milestones and notes: one generic module, since they differ only in key segment and schema.
 * Every write is conditioned on the item's entity and project as well as its key (see `isCurrent`).
 */
export type { ChildKind, ChildRecords } from './project-items.js';

function projectExists(workspaceId: string, projectId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: projectKey(workspaceId, projectId),
      ConditionExpression: '#entity = :project',
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: { ':project': PROJECT_ENTITY },
    },
  };
}

export async function getChild<K extends ChildKind>(
  kind: K,
  workspaceId: string,
  projectId: string,
  id: string,
): Promise<ChildRecords[K] | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName, Key: childKey(kind, workspaceId, projectId, id) }),
  );
  return Item?.entity === childKinds[kind].entity && Item.projectId === projectId ? toChild(kind, Item) : undefined;
}

/** Creates the child if its project exists, checked in the same transaction as the write. */
export async function createChild<K extends ChildKind>(
  kind: K,
  workspaceId: string,
  record: ChildRecords[K],
): Promise<'written' | 'project-missing'> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          projectExists(workspaceId, record.projectId),
          {
            Put: {
              TableName: tableName,
              Item: childItem(kind, workspaceId, record),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (transactionFailures(error)?.[0] === undefined) throw error;
    return 'project-missing';
  }
}

/** Writes the child's new state if it is still at `expectedVersion` in the same project. */
export function replaceChild<K extends ChildKind>(
  kind: K,
  workspaceId: string,
  record: ChildRecords[K],
  expectedVersion: number,
): Promise<VersionedWriteOutcome> {
  return putIfCurrent(childItem(kind, workspaceId, record), isCurrent(childKinds[kind].entity, expectedVersion, record.projectId));
}

/** Deletes the child; false when there is no such child in that project. */
export async function deleteChild(kind: ChildKind, workspaceId: string, projectId: string, id: string): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: childKey(kind, workspaceId, projectId, id),
        ConditionExpression: '#entity = :entity AND projectId = :projectId',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':entity': childKinds[kind].entity, ':projectId': projectId },
      }),
    );
    return true;
  } catch (error) {
    if (!conditionFailure(error)) throw error;
    return false;
  }
}

/**
 * Moves a note to another project: the key holds the project, so this deletes the old item (if still at
 * `expectedVersion`) and puts the new one, in one transaction that also checks the target project exists.
 */
export async function moveNote(
  workspaceId: string,
  fromProjectId: string,
  note: ChildRecords['note'],
  expectedVersion: number,
): Promise<VersionedWriteOutcome | 'project-missing'> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName,
              Key: childKey('note', workspaceId, fromProjectId, note.id),
              ...isCurrent(childKinds.note.entity, expectedVersion, fromProjectId),
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          projectExists(workspaceId, note.projectId),
          { Put: { TableName: tableName, Item: childItem('note', workspaceId, note), ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
    return 'written';
  } catch (error) {
    const [source, target] = transactionFailures(error) ?? [];
    if (source) return source === 'exists' ? 'stale' : 'missing';
    if (target) return 'project-missing';
    throw error;
  }
}

/** The column and position of every task of a project, for placing a new card at the end of its column. */
export async function listTaskPlaces(
  workspaceId: string,
  projectId: string,
): Promise<{ status: TaskStatus; position: number }[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'projectId = :projectId',
    ProjectionExpression: '#status, #position',
    ExpressionAttributeNames: { '#status': 'status', '#position': 'position' },
    ExpressionAttributeValues: {
      ':pk': workspacePartition(workspaceId),
      ':prefix': childSortKeyPrefix('task', projectId),
      ':projectId': projectId,
    },
  });
  return items.map((item) => ({ status: item.status as TaskStatus, position: Number(item.position) }));
}
