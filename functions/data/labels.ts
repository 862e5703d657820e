import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { labelNameKey, labelView, MAX_LABELS_PER_WORKSPACE, type LabelView } from '../../shared/schemas/label.js';
import { withLabels } from '../../shared/rules/task-labels.js';
import type { TaskView } from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import { keys, projectItemPrefixes, projectPartition, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { parseChild, replaceTasksIfCurrent } from './project-children.js';
import { listProjectIds } from './projects.js';
import { countWithinLimit, isCurrentVersion, queryAllItems, transactCountedOut, transactWriteOrRefusal, type RefusableWrite } from './table-operations.js';

/**
 * Labels (issue 36): WS#<ws> / LABEL#<id>, in the workspace partition, so they go with the workspace. Each
 * label's lower-cased name is held by a second item, WS#<ws> / LABELNAME#<name>, written in the same
 * transactions as the label: two labels can never share a name, however close together they are made.
 * Likewise WS#<ws> / LABELCOUNT counts them in the transactions that create and delete one, so labels made
 * at the same moment cannot pass the workspace's limit (counted since layout 8; data/migrations counts the
 * labels made before).
 */
export const LABEL_ENTITY = 'Label';
const LABEL_NAME_ENTITY = 'LabelName';
const LABEL_COUNT_ENTITY = 'LabelCount';

export const storedLabel = z.pipe(
  // A label is stored as the API shows it, with its entity beside it.
  z.extend(labelView, { entity: z.literal(LABEL_ENTITY) }),
  z.transform(({ entity: _entity, ...label }): LabelView => label),
);

const labelItem = (label: LabelView) => ({ ...keys.label(label.workspaceId, label.id), entity: LABEL_ENTITY, ...label });

export type LabelWriteOutcome = 'written' | 'no-workspace' | 'name-taken' | 'full' | 'missing' | 'stale';

/** The workspace's label count one higher, on condition that it stays within the limit. */
const countLabelIn = (workspaceId: string): RefusableWrite<LabelWriteOutcome> =>
  countWithinLimit(keys.labelCount(workspaceId), LABEL_COUNT_ENTITY, MAX_LABELS_PER_WORKSPACE, 'full');

/** The label count item as the migration that fills it in writes it. */
export const labelCountItem = (workspaceId: string, count: number): Record<string, unknown> => ({ ...keys.labelCount(workspaceId), entity: LABEL_COUNT_ENTITY, count });

/** The write that holds the label's name: refused when another label of the workspace has it. */
function holdName(label: LabelView): RefusableWrite<LabelWriteOutcome> {
  return {
    write: {
      Put: {
        TableName: tableName,
        Item: { ...keys.labelName(label.workspaceId, labelNameKey(label.name)), entity: LABEL_NAME_ENTITY, workspaceId: label.workspaceId, labelId: label.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    refused: 'name-taken',
  };
}

function releaseName(label: LabelView): RefusableWrite<LabelWriteOutcome> {
  return { write: { Delete: { TableName: tableName, Key: keys.labelName(label.workspaceId, labelNameKey(label.name)) } } };
}

/** Every label of the workspace, by name: one Query (paginated). */
export async function listLabels(workspaceId: string): Promise<LabelView[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': workspaceSortKeyPrefixes.label },
  });
  return items.map((item) => storedLabel.parse(item)).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Stores a new label while its workspace exists, has room and no label has its name (one transaction). */
export async function createLabel(label: LabelView): Promise<LabelWriteOutcome> {
  const refused = await transactWriteOrRefusal<LabelWriteOutcome>([
    { write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(label.workspaceId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'no-workspace' },
    holdName(label),
    countLabelIn(label.workspaceId),
    { write: { Put: { TableName: tableName, Item: labelItem(label), ConditionExpression: 'attribute_not_exists(PK)' } } },
  ]);
  return refused ?? 'written';
}

/** Replaces the label if it is still at `expectedVersion`; a new name is held, the old one let go, together. */
export async function replaceLabel(current: LabelView, next: LabelView, expectedVersion: number): Promise<LabelWriteOutcome> {
  const renamed = labelNameKey(current.name) !== labelNameKey(next.name);
  const refused = await transactWriteOrRefusal<LabelWriteOutcome>([
    {
      write: { Put: { TableName: tableName, Item: labelItem(next), ...isCurrentVersion(LABEL_ENTITY, expectedVersion), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
      refused: (failure) => (failure === 'exists' ? 'stale' : 'missing'),
    },
    ...(renamed ? [releaseName(current), holdName(next)] : []),
  ]);
  return refused ?? 'written';
}

/** Deletes the label, lets its name go and counts it out (never below zero), if it is still at `version`. */
export async function deleteLabel(label: LabelView): Promise<LabelWriteOutcome> {
  const refused = await transactCountedOut<LabelWriteOutcome>(
    [
      {
        write: {
          Delete: { TableName: tableName, Key: keys.label(label.workspaceId, label.id), ...isCurrentVersion(LABEL_ENTITY, label.version), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
        },
        refused: (failure) => (failure === 'exists' ? 'stale' : 'missing'),
      },
      releaseName(label),
    ],
    keys.labelCount(label.workspaceId),
  );
  return refused ?? 'written';
}

/** Projects whose tasks are read side by side while a label is taken off its tasks. */
const PROJECTS_READ_AT_ONCE = 10;

/**
 * The workspace's tasks that carry the label: a consistent Query of each project's tasks (so a task
 * labelled just before is not missed), filtered on the server. It reads every task of the workspace once.
 */
async function tasksWithLabel(workspaceId: string, labelId: string): Promise<TaskView[]> {
  const projectIds = await listProjectIds(workspaceId);
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < projectIds.length; start += PROJECTS_READ_AT_ONCE) {
    const reads = projectIds.slice(start, start + PROJECTS_READ_AT_ONCE).map((projectId) =>
      queryAllItems({
        ConsistentRead: true,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: 'contains(labelIds, :label)',
        ExpressionAttributeValues: { ':pk': projectPartition(workspaceId, projectId), ':prefix': projectItemPrefixes.task, ':label': labelId },
      }),
    );
    items.push(...(await Promise.all(reads)).flat());
  }
  return items.map((item) => parseChild('task', item));
}

/** How many times a task changed meanwhile is read again before its label is given up on. */
const REMOVAL_ROUNDS = 5;

/**
 * Takes the label off every task that carries it: each task written anew (a new version, so every browser
 * gets it) in transactions of up to 100, each only if unchanged since read; a task changed meanwhile is
 * read and written again. Answers the ids of tasks still carrying it after that (none, but for a task
 * rewritten in every round).
 */
export async function removeLabelFromTasks(workspaceId: string, labelId: string, updatedBy: string): Promise<string[]> {
  let tasks = await tasksWithLabel(workspaceId, labelId);
  for (let round = 0; round < REMOVAL_ROUNDS && tasks.length > 0; round++) {
    const now = new Date().toISOString();
    const refused = await replaceTasksIfCurrent(
      workspaceId,
      tasks.map((task) => ({ next: withoutLabel(task, labelId, now), expectedVersion: task.version })),
      updatedBy,
    );
    if (refused.size === 0) return [];
    tasks = (await tasksWithLabel(workspaceId, labelId)).filter((task) => refused.has(task.id));
  }
  return tasks.map((task) => task.id);
}

function withoutLabel(task: TaskView, labelId: string, now: string): TaskView {
  return { ...withLabels(task, (task.labelIds ?? []).filter((id) => id !== labelId)), updatedAt: now, version: task.version + 1 };
}

export async function getLabel(workspaceId: string, labelId: string): Promise<LabelView | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.label(workspaceId, labelId) }));
  return Item ? storedLabel.parse(Item) : undefined;
}
