import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { projectSummary, type ProjectSummary } from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import { keys, projectPartition, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { newTrashBatchId, trashEntryId } from './trash.js';
import {
  batchDeleteKeys,
  conditionFailure,
  queryAllItems,
  retryingLostRaces,
  transactWriteOrRefusal,
  type TransactItems,
  type VersionedWriteOutcome,
} from './table-operations.js';

export type { VersionedWriteOutcome } from './table-operations.js';

/**
 * Projects: WS#<ws> / PROJECT#<project>, so the list is one Query that reads projects and nothing else.
 * The stored project carries how many tasks (of them completed), milestones and notes it holds; those
 * counters change only in the transaction that writes the child (project-children.ts), never with the
 * project's own `version`, so editing a project does not conflict with work on its tasks.
 */
export { DELETING_SINCE, PROJECT_ENTITY } from './project-counter-update.js';
import { DELETING_SINCE, PROJECT_ENTITY } from './project-counter-update.js';

export { projectCounters, type ProjectCounter } from '../../shared/rules/project-counters.js';
import type { ProjectCounter } from '../../shared/rules/project-counters.js';

/** The project as stored; items written before the counters existed read as holding nothing. */
const counter = z._default(z.int().check(z.minimum(0)), 0);
export const storedProject = z.pipe(
  z.object({
    ...projectSummary.shape,
    entity: z.literal(PROJECT_ENTITY),
    taskCount: counter,
    completedTaskCount: counter,
    milestoneCount: counter,
    noteCount: counter,
    commentCount: counter,
    countsRevision: counter,
  }),
  z.transform(({ entity: _entity, ...summary }): ProjectSummary => summary),
);

export function parseProject(item: Record<string, unknown>): ProjectSummary {
  return storedProject.parse(item);
}

/** The project's own fields: everything but the counters (and their revision), which only child writes change. */
export type ProjectFields = Omit<ProjectSummary, ProjectCounter | 'countsRevision'>;

export function projectItem(project: ProjectSummary): Record<string, unknown> {
  return { ...keys.project(project.workspaceId, project.id), entity: PROJECT_ENTITY, ...project };
}

/** Every project of the workspace: one Query (paginated) of project items only. */
export async function listProjects(workspaceId: string): Promise<ProjectSummary[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': workspaceSortKeyPrefixes.project },
  });
  return items.map(parseProject);
}

export async function getProject(workspaceId: string, projectId: string): Promise<ProjectSummary | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.project(workspaceId, projectId) }));
  return Item ? parseProject(Item) : undefined;
}

/**
 * Creates the project, holding nothing yet, while its workspace exists (checked in the same transaction): a
 * workspace deletion running meanwhile cannot leave a project in a partition nobody can reach.
 */
export async function createProject(project: ProjectFields): Promise<ProjectSummary | 'no-workspace'> {
  const stored: ProjectSummary = { ...project, taskCount: 0, completedTaskCount: 0, milestoneCount: 0, noteCount: 0, commentCount: 0, countsRevision: 0 };
  const refused = await transactWriteOrRefusal([
    { write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(project.workspaceId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'no-workspace' },
    { write: { Put: { TableName: tableName, Item: projectItem(stored), ConditionExpression: 'attribute_not_exists(PK)' } } },
  ]);
  return refused ?? stored;
}

/**
 * Writes the changed fields of a project still at `expectedVersion` (one UpdateItem, so the counters are
 * left as they are) and answers the project as stored.
 */
export async function updateProject(
  workspaceId: string,
  projectId: string,
  changes: Partial<Omit<ProjectFields, 'id' | 'workspaceId' | 'createdBy' | 'createdAt'>>,
  expectedVersion: number,
): Promise<ProjectSummary | Exclude<VersionedWriteOutcome, 'written'>> {
  const values = Object.entries(changes).filter(([, value]) => value !== undefined);
  try {
    const { Attributes } = await retryingLostRaces(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.project(workspaceId, projectId),
          UpdateExpression: `SET ${values.map(([name]) => `#${name} = :${name}`).join(', ')}`,
          ConditionExpression: '#entity = :entity AND #expectedVersion = :expected',
          ExpressionAttributeNames: {
            ...Object.fromEntries(values.map(([name]) => [`#${name}`, name])),
            '#entity': 'entity',
            '#expectedVersion': 'version',
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(values.map(([name, value]) => [`:${name}`, value])),
            ':entity': PROJECT_ENTITY,
            ':expected': expectedVersion,
          },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return parseProject(Attributes ?? {});
  } catch (error) {
    const failure = conditionFailure(error);
    if (!failure) throw error;
    return failure === 'exists' ? 'stale' : 'missing';
  }
}

/**
 * Everything in a project's partition (its tasks, milestones, notes and sub-task counts), as stored. A
 * consistent read: an eventually consistent one can miss a child written just before the project was
 * marked, which would then outlive its project.
 */
function projectPartitionItems(workspaceId: string, projectId: string): Promise<Record<string, unknown>[]> {
  return queryAllItems({ ConsistentRead: true, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': projectPartition(workspaceId, projectId) } });
}

/** The project as it was before its deletion was marked, and its stored items: what the Trash keeps. */
export interface DeletedProject {
  readonly project: Record<string, unknown>;
  /** The id its trash entry takes, fixed at the first mark, so a retried deletion writes the same entry. */
  readonly trashEntryId: string;
  readonly items: readonly Record<string, unknown>[];
}

/**
 * Deletes a project and everything it holds; false when there is no such project. The project is marked
 * first, and from then on no child can be written under it (every create, and every change of its counts,
 * updates the project on condition that it is unmarked), so one consistent sweep after the mark takes every
 * child and no child ever outlives the project. The project goes last: a failure half-way leaves it in
 * place (marked), and deleting it again finishes the job.
 *
 * `keep` (a person's delete: the Trash) is handed the project and its items before anything is deleted; then
 * its tasks' comments and attachments stay, for the Trash's Restore or purge. Without it (a workspace's
 * deletion) they go after, with the workspace's comment and attachment partitions whole (plain deletes:
 * no file's bytes taken off a quota counter that goes with them).
 */
export async function deleteProjectTree(workspaceId: string, projectId: string, keep?: (deleted: DeletedProject) => Promise<void>): Promise<boolean> {
  const marked = await markProjectDeleting(workspaceId, projectId);
  if (!marked) return false;
  const items = await projectPartitionItems(workspaceId, projectId);
  const { [DELETING_SINCE]: _since, trashEntryId, ...project } = marked;
  if (keep) await keep({ project, trashEntryId: String(trashEntryId), items });
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.project(workspaceId, projectId) }));
  return true;
}

/**
 * Marks a project as being deleted (see `projectCounterUpdate`), with the id its trash entry takes; answers
 * the project as marked, or undefined when there is no such project.
 */
async function markProjectDeleting(workspaceId: string, projectId: string): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.project(workspaceId, projectId),
        UpdateExpression: `SET ${DELETING_SINCE} = if_not_exists(${DELETING_SINCE}, :now), trashEntryId = if_not_exists(trashEntryId, :entry)`,
        ConditionExpression: '#entity = :project',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':now': new Date().toISOString(), ':project': PROJECT_ENTITY, ':entry': trashEntryId(newTrashBatchId()) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (conditionFailure(error)) return undefined;
    throw error;
  }
}

/** Marks a project as being deleted; false when there is none. Exported for the test of a deletion cut off after this step. */
export async function markDeleting(workspaceId: string, projectId: string): Promise<boolean> {
  return (await markProjectDeleting(workspaceId, projectId)) !== undefined;
}

/**
 * The ids of a workspace's projects (for deleting the workspace with what its projects hold): a consistent
 * read, so a project created just before the deletion began is not missed and left behind.
 */
export async function listProjectIds(workspaceId: string): Promise<string[]> {
  const items = await queryAllItems({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': workspaceSortKeyPrefixes.project },
    ProjectionExpression: 'id',
  });
  return items.map((item) => z.object({ id: z.string() }).parse(item).id);
}


/**
 * The last write of a project's Restore (its items are back already): the project put back, as it was
 * before its deletion, while its id is free and its workspace there, with its trash entry's removal.
 */
export function putRestoredProject(
  workspaceId: string,
  project: Record<string, unknown>,
  entryRemoval: TransactItems[number],
): Promise<'no-workspace' | 'id-taken' | 'entry-gone' | undefined> {
  return transactWriteOrRefusal<'no-workspace' | 'id-taken' | 'entry-gone'>([
    { write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(workspaceId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'no-workspace' },
    { write: { Put: { TableName: tableName, Item: project, ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'id-taken' },
    { write: entryRemoval, refused: 'entry-gone' },
  ]);
}
