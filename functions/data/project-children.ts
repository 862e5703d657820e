/**
 * Tasks, milestones and notes: PROJ#<ws>#<project> / TASK#|MILESTONE#|NOTE#<id>, so one Query of the
 * partition reads everything a project holds. Every write that adds or removes a child, or completes or
 * reopens a task, updates the project's counters in the same transaction, so the counts can neither drift
 * nor go negative; a write that only edits fields is a single conditional Put.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  MAX_SUBTASKS,
  milestoneView,
  noteView,
  taskStatuses,
  taskView,
  type MilestoneView,
  type NoteView,
  type ProjectItems,
  type TaskStatus,
  type TaskView,
} from '../../shared/schemas/project.js';
import { documentClient, tableName } from './client.js';
import { countersOf, negated, summed, type CounterChanges } from '../../shared/rules/project-counters.js';
import { keys, projectItemPrefixes, projectPartition, type ProjectItemKind } from './keys.js';
import { projectCounterUpdate } from './project-counter-update.js';
import type { ProjectCounter } from './projects.js';
import { noteIndexAttributes, taskIndexAttributes } from './task-index.js';
import {
  isCurrentVersion,
  membershipCheck,
  putIfCurrent,
  queryAllItems,
  queryItems,
  transactWriteOrRefusal,
  transactWriteOrRefusals,
  type RefusableWrite,
  type TransactItems,
  type VersionedWriteOutcome,
  type WriteCondition,
} from './table-operations.js';

export type ChildKind = ProjectItemKind;

export interface ChildRecords {
  task: TaskView;
  milestone: MilestoneView;
  note: NoteView;
}

/** Each child as stored: its view plus the entity and workspace (task index attributes are not read back). */
export const storedTask = z.pipe(
  z.object({ ...taskView.shape, entity: z.literal('Task'), workspaceId: z.string() }),
  z.transform(({ entity: _e, workspaceId: _w, ...task }): TaskView => task),
);
export const storedMilestone = z.pipe(
  z.object({ ...milestoneView.shape, entity: z.literal('Milestone'), workspaceId: z.string() }),
  z.transform(({ entity: _e, workspaceId: _w, ...milestone }): MilestoneView => milestone),
);
export const storedNote = z.pipe(
  z.object({ ...noteView.shape, entity: z.literal('Note'), workspaceId: z.string() }),
  z.transform(({ entity: _e, workspaceId: _w, ...note }): NoteView => note),
);

/** Who wrote a child's current version: kept on the item by updates (not part of the view) for the team activity feed. */
export const storedUpdatedBy = z.object({ updatedBy: z.optional(z.string()) });

/**
 * The project a task was moved from, on the item a relocation puts (not part of the view; the next write
 * replaces the item without it): its stream record tells a move, with where from, for the task's history.
 */
export const storedMovedFrom = z.object({ movedFrom: z.optional(z.string()) });

/**
 * The import that wrote an item (issue 39), on the item an import puts (not part of the view; the next write
 * replaces the item without it): its stream record tells nobody (no inbox notice, no mail), as the import
 * is the importer's doing, not the people it names.
 */
export const storedImportId = z.object({ importId: z.optional(z.string()) });
export type ImportMark = z.infer<typeof storedImportId>;

const childKinds = {
  task: { entity: 'Task', counter: 'taskCount', schema: storedTask },
  milestone: { entity: 'Milestone', counter: 'milestoneCount', schema: storedMilestone },
  note: { entity: 'Note', counter: 'noteCount', schema: storedNote },
} as const satisfies { [K in ChildKind]: { entity: string; counter: ProjectCounter; schema: z.ZodMiniType<ChildRecords[K]> } };

export function parseChild<K extends ChildKind>(kind: K, item: Record<string, unknown>): ChildRecords[K] {
  // Each kind's schema yields its record (checked above); TypeScript cannot follow K through the lookup.
  return childKinds[kind].schema.parse(item) as ChildRecords[K];
}

export function childItem<K extends ChildKind>(kind: K, workspaceId: string, record: ChildRecords[K]): Record<string, unknown> {
  return {
    ...keys.projectItem(kind, workspaceId, record.projectId, record.id),
    entity: childKinds[kind].entity,
    workspaceId,
    ...record,
    ...(kind === 'task' ? taskIndexAttributes(workspaceId, record as TaskView) : {}),
    ...(kind === 'note' ? noteIndexAttributes(workspaceId, record as NoteView) : {}),
  };
}

export { countersOf, negated, type CounterChanges } from '../../shared/rules/project-counters.js';

/** The condition of an update: the item is still of this kind at the version the caller read. */
function isCurrent(kind: ChildKind, expectedVersion: number): WriteCondition {
  return isCurrentVersion(childKinds[kind].entity, expectedVersion);
}

export async function getChild<K extends ChildKind>(kind: K, workspaceId: string, projectId: string, id: string): Promise<ChildRecords[K] | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.projectItem(kind, workspaceId, projectId, id) }));
  return Item ? parseChild(kind, Item) : undefined;
}

/** Everything a project holds: one Query of its partition (paginated), in the stored order (by id). */
export async function listProjectItems(workspaceId: string, projectId: string): Promise<ProjectItems> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': projectPartition(workspaceId, projectId) },
  });
  const result: ProjectItems = { tasks: [], milestones: [], notes: [] };
  for (const item of items) {
    const sortKey = String(item.SK);
    if (sortKey.startsWith(projectItemPrefixes.task)) result.tasks.push(parseChild('task', item));
    else if (sortKey.startsWith(projectItemPrefixes.milestone)) result.milestones.push(parseChild('milestone', item));
    else if (sortKey.startsWith(projectItemPrefixes.note)) result.notes.push(parseChild('note', item));
  }
  return result;
}

/** A project's items of one kind as they come, page by page in the stored order (an export reads them one project at a time). */
export async function* projectItemsOf<K extends ChildKind>(kind: K, workspaceId: string, projectId: string): AsyncGenerator<ChildRecords[K]> {
  const items = queryItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': projectPartition(workspaceId, projectId), ':prefix': projectItemPrefixes[kind] },
  });
  for await (const item of items) yield parseChild(kind, item);
}

export type ChildWriteOutcome =
  | VersionedWriteOutcome
  | 'project-missing'
  | 'project-deleting'
  | 'assignee-missing'
  | 'author-not-member'
  | 'parent-refused'
  /** The new parent holds MAX_SUBTASKS sub-tasks already. */
  | 'parent-full'
  /** The task to become a sub-task holds sub-tasks itself. */
  | 'has-subtasks'
  /** A task written alongside (a repeating task's next occurrence) is there already. */
  | 'created-exists'
  /** The parent a task written alongside was to have is gone, a sub-task, completed or full. */
  | 'created-parent-refused';

/**
 * A sub-task's parent, checked in the sub-task's own write: still a task of the same project (its key holds
 * the project) and a task of its own (one level deep); `open`, not completed either.
 */
function parentCheck(workspaceId: string, projectId: string, parentId: string, refused: ChildWriteOutcome, open = false): RefusableWrite<ChildWriteOutcome> {
  return {
    write: {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.projectItem('task', workspaceId, projectId, parentId),
        ConditionExpression: `#entity = :task AND attribute_not_exists(#parentId)${open ? ' AND #completed = :open' : ''}`,
        ExpressionAttributeNames: { '#entity': 'entity', '#parentId': 'parentId', ...(open ? { '#completed': 'completed' } : {}) },
        ExpressionAttributeValues: { ':task': childKinds.task.entity, ...(open ? { ':open': false } : {}) },
      },
    },
    refused,
  };
}

const SUBTASK_COUNT_ENTITY = 'SubtaskCount';
const subtaskCountNames = { '#entity': 'entity', '#count': 'count' };

/**
 * Changes the count of a parent's sub-tasks (its own item beside the tasks). A count that grows is
 * conditioned on staying within MAX_SUBTASKS, in the transaction that adds the sub-tasks, so adds in
 * flight together cannot pass the limit. Counts are kept since layout 8 (data/migrations counts what was
 * there before); an absent count is none.
 */
function subtaskCountChange(workspaceId: string, projectId: string, parentId: string, change: number, refused: ChildWriteOutcome, limited = true): RefusableWrite<ChildWriteOutcome> {
  const grows = limited && change > 0;
  return {
    write: {
      Update: {
        TableName: tableName,
        Key: keys.subtaskCount(workspaceId, projectId, parentId),
        UpdateExpression: 'SET #entity = :entity ADD #count :change',
        ...(grows ? { ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room' } : {}),
        ExpressionAttributeNames: subtaskCountNames,
        ExpressionAttributeValues: { ':entity': SUBTASK_COUNT_ENTITY, ':change': change, ...(grows ? { ':room': MAX_SUBTASKS - change } : {}) },
      },
    },
    refused,
  };
}

/** The one-level rule in the write that makes `taskId` a sub-task: it holds none (a sub-task added meanwhile refuses it). */
function holdsNoSubtasks(workspaceId: string, projectId: string, taskId: string): RefusableWrite<ChildWriteOutcome> {
  return {
    write: {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.subtaskCount(workspaceId, projectId, taskId),
        ConditionExpression: 'attribute_not_exists(#count) OR #count <= :none',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':none': 0 },
      },
    },
    refused: 'has-subtasks',
  };
}

/** The stored sub-task counts, by parent (`SUBTASKS#<task>` keys), for the migration that fills them in. */
export const subtaskCountItem = (workspaceId: string, projectId: string, parentId: string, count: number): Record<string, unknown> => ({
  ...keys.subtaskCount(workspaceId, projectId, parentId),
  entity: SUBTASK_COUNT_ENTITY,
  count,
});

/** The parent named by a task record, if it is a sub-task. */
export function parentIdOf(kind: ChildKind, record: ChildRecords[ChildKind]): string | undefined {
  return kind === 'task' && 'parentId' in record ? record.parentId : undefined;
}

/** The sub-tasks of a task, read consistently (a sub-task added just before is there): one Query of the project's tasks. */
export function listSubtasks(workspaceId: string, projectId: string, parentId: string): Promise<TaskView[]> {
  return querySubtasks(workspaceId, projectId, { filter: '#parentId = :parentId', values: { ':parentId': parentId } });
}

/** Every sub-task of a project, read consistently: one Query of its tasks (for many parents at once). */
export function listProjectSubtasks(workspaceId: string, projectId: string): Promise<TaskView[]> {
  return querySubtasks(workspaceId, projectId, { filter: 'attribute_exists(#parentId)', values: {} });
}

async function querySubtasks(workspaceId: string, projectId: string, { filter, values }: { filter: string; values: Record<string, string> }): Promise<TaskView[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: filter,
    ExpressionAttributeNames: { '#parentId': 'parentId' },
    ExpressionAttributeValues: { ':pk': projectPartition(workspaceId, projectId), ':prefix': projectItemPrefixes.task, ...values },
    ConsistentRead: true,
  });
  return items.map((item) => parseChild('task', item));
}

const versionRefusal = (failure: 'missing' | 'exists'): ChildWriteOutcome => (failure === 'exists' ? 'stale' : 'missing');

/** The project's counter update refused: the project is being deleted, or (`gone`) it is not there. */
const refusedByProject =
  (gone: ChildWriteOutcome) =>
  (failure: 'missing' | 'exists'): ChildWriteOutcome =>
    failure === 'exists' ? 'project-deleting' : gone;

/**
 * Creates the child and counts it on its project, in one transaction that fails if its author is not a
 * member (checked here rather than read first: one round trip, and a removal cannot slip in between), if the
 * project is gone or being deleted (so nothing outlives a project's deletion), for a task, if the assignee is
 * not a member, and for a sub-task, if its parent is gone, a sub-task or full (its count). The parent's
 * refusal is reported first, then the author's.
 */
export async function createChild<K extends ChildKind>(
  kind: K,
  workspaceId: string,
  record: ChildRecords[K],
  people: { author: string; assignee?: string | null | undefined },
  mark: ImportMark = {},
): Promise<ChildWriteOutcome> {
  // One transaction may touch an item once: the author's check covers an author who assigns themselves.
  const assignee = people.assignee && people.assignee !== people.author ? people.assignee : undefined;
  const parentId = parentIdOf(kind, record);
  const refused = await transactWriteOrRefusal<ChildWriteOutcome>([
    ...(parentId
      ? [parentCheck(workspaceId, record.projectId, parentId, 'parent-refused'), subtaskCountChange(workspaceId, record.projectId, parentId, 1, 'parent-full')]
      : []),
    { write: membershipCheck(workspaceId, people.author), refused: 'author-not-member' },
    { write: projectCounterUpdate(workspaceId, record.projectId, countersOf(kind, record)), refused: refusedByProject('project-missing') },
    { write: { Put: { TableName: tableName, Item: { ...childItem(kind, workspaceId, record), ...mark }, ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'stale' },
    ...(assignee ? [{ write: membershipCheck(workspaceId, assignee), refused: 'assignee-missing' as const }] : []),
  ]);
  return refused ?? 'written';
}

/** The items one `createTasksTogether` transaction touches for these tasks (at most 100 in one transaction). */
export function tasksTogetherItems(tasks: readonly TaskView[]): number {
  const projects = new Set(tasks.map((task) => task.projectId));
  const people = new Set(tasks.flatMap((task) => (task.assignedTo ? [task.createdBy, task.assignedTo] : [task.createdBy])));
  const parents = new Set(tasks.flatMap((task) => (task.parentId ? [`${task.projectId}#${task.parentId}`] : [])));
  return tasks.length + projects.size + people.size + 2 * parents.size;
}

/**
 * New tasks written together (an import's chunk): as `createChild` does for one, in one transaction — each
 * task's Put (only if new), one counter update per project, one membership check per person who writes or
 * is given one, per parent its check (a task of its own) and its sub-task count (with room). All or nothing:
 * the first refusal is answered and nothing is written, and the caller writes the tasks one by one to learn
 * which one and why. A task's parent must not be among them (it is checked, not written), and the caller
 * keeps them within `tasksTogetherItems` ≤ 100.
 */
export async function createTasksTogether(workspaceId: string, tasks: readonly TaskView[], mark: ImportMark = {}): Promise<ChildWriteOutcome> {
  const byParent = new Map<string, { projectId: string; parentId: string; count: number }>();
  for (const { projectId, parentId } of tasks) {
    if (!parentId) continue;
    const key = `${projectId}#${parentId}`;
    byParent.set(key, { projectId, parentId, count: (byParent.get(key)?.count ?? 0) + 1 });
  }
  const byProject = new Map<string, TaskView[]>();
  for (const task of tasks) byProject.set(task.projectId, [...(byProject.get(task.projectId) ?? []), task]);
  const people = new Set(tasks.flatMap((task) => (task.assignedTo ? [task.createdBy, task.assignedTo] : [task.createdBy])));
  const refused = await transactWriteOrRefusal<ChildWriteOutcome>([
    ...[...byParent.values()].flatMap(({ projectId, parentId, count }) => [parentCheck(workspaceId, projectId, parentId, 'parent-refused'), subtaskCountChange(workspaceId, projectId, parentId, count, 'parent-full')]),
    ...[...people].map((person) => ({ write: membershipCheck(workspaceId, person), refused: 'author-not-member' as const })),
    ...[...byProject].map(([projectId, projectTasks]) => ({ write: projectCounterUpdate(workspaceId, projectId, summed(projectTasks.map((task) => countersOf('task', task)))), refused: refusedByProject('project-missing') })),
    ...tasks.map((task) => ({ write: { Put: { TableName: tableName, Item: { ...childItem('task', workspaceId, task), ...mark }, ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'stale' as const })),
  ]);
  return refused ?? 'written';
}

/**
 * Writes the child's next state if it is still at `expectedVersion`. When the write changes the project's
 * counters (a task completed or reopened), gives a task a new assignee or a new parent, replaces other
 * tasks with it (a parent's sub-tasks completed with it) or creates tasks beside it (the next occurrences of
 * repeating tasks, counted too, each written only if its id is new), it is one transaction with the counter
 * updates, the membership, parent and sub-task count checks, the other tasks (each at its version) and those
 * Puts; otherwise a single conditional Put. A task made a sub-task must hold none itself; a created task
 * under a parent needs that parent open, of its own and with room.
 */
export async function replaceChild<K extends ChildKind>(
  kind: K,
  workspaceId: string,
  next: ChildRecords[K],
  expectedVersion: number,
  alongside: {
    counters?: CounterChanges;
    newAssignee?: string | null;
    newParent?: string;
    /** The parent the task leaves (promoted, or moved to another), whose count goes down. */
    oldParent?: string;
    alsoReplace?: readonly { next: TaskView; expectedVersion: number }[];
    updatedBy?: string;
    created?: readonly TaskView[];
  } = {},
): Promise<ChildWriteOutcome> {
  const created = alongside.created ?? [];
  const changes = summed([alongside.counters ?? {}, ...created.map((task) => countersOf('task', task))]);
  const counters = Object.values(changes).some((change) => change !== 0) ? changes : undefined;
  // Who wrote it, for the team activity feed (read from the table's stream; not part of the view).
  const by = alongside.updatedBy ? { updatedBy: alongside.updatedBy } : {};
  const item = { ...childItem(kind, workspaceId, next), ...by };
  const others = alongside.alsoReplace ?? [];
  const { newParent, oldParent } = alongside;
  if (!counters && !alongside.newAssignee && !newParent && !oldParent && others.length === 0 && created.length === 0) return putIfCurrent(item, isCurrent(kind, expectedVersion));
  // Each parent's count once (one transaction may touch an item once), with what its refusal means.
  const countChanges = new Map<string, number>();
  const count = (parentId: string | undefined, change: number) => {
    if (parentId) countChanges.set(parentId, (countChanges.get(parentId) ?? 0) + change);
  };
  count(newParent, 1);
  count(oldParent, -1);
  // A parent created in this write (a repeating parent's next occurrence) needs no check: it is new, open and of its own.
  const createdIds = new Set(created.map((task) => task.id));
  const createdParents = new Set(created.flatMap((task) => (task.parentId && task.parentId !== newParent && !createdIds.has(task.parentId) ? [task.parentId] : [])));
  created.forEach((task) => count(task.parentId, 1));
  const refused = await transactWriteOrRefusal<ChildWriteOutcome>([
    { write: { Put: { TableName: tableName, Item: item, ...isCurrent(kind, expectedVersion), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } }, refused: versionRefusal },
    ...others.map((other) => ({
      write: { Put: { TableName: tableName, Item: { ...childItem('task', workspaceId, other.next), ...by }, ...isCurrent('task', other.expectedVersion) } },
      refused: 'stale' as const,
    })),
    ...(newParent ? [parentCheck(workspaceId, next.projectId, newParent, 'parent-refused'), holdsNoSubtasks(workspaceId, next.projectId, next.id)] : []),
    ...[...createdParents].map((parentId) => parentCheck(workspaceId, next.projectId, parentId, 'created-parent-refused', true)),
    ...[...countChanges]
      .filter(([, change]) => change !== 0)
      .map(([parentId, change]) => subtaskCountChange(workspaceId, next.projectId, parentId, change, parentId === newParent ? 'parent-full' : 'created-parent-refused')),
    ...(counters ? [{ write: projectCounterUpdate(workspaceId, next.projectId, counters), refused: refusedByProject('missing') }] : []),
    ...(alongside.newAssignee ? [{ write: membershipCheck(workspaceId, alongside.newAssignee), refused: 'assignee-missing' as const }] : []),
    ...created.map((task) => ({
      write: { Put: { TableName: tableName, Item: childItem('task', workspaceId, task), ConditionExpression: 'attribute_not_exists(PK)' } },
      refused: 'created-exists' as const,
    })),
  ]);
  return refused ?? 'written';
}

/** How many tasks created alongside fit in the transaction of a task written with `alongside` others. */
export function createdRoom(alongside: number): number {
  // The task itself, the project's counters, an assignee, and the parents' checks and counts.
  return Math.max(0, TRANSACTION_ITEMS - alongside - 10);
}

/** DynamoDB's limit of items in one TransactWrite. */
const TRANSACTION_ITEMS = 100;

/** A task replaced only if still at `expectedVersion`, with what it changes in its project's counters (a completion). */
export interface TaskReplacement {
  next: TaskView;
  expectedVersion: number;
  counters?: CounterChanges;
}

/**
 * Writes that land together or not at all (a task and the sub-tasks going with it), each conditioned on the
 * version read, with what they change in their projects' counters; `id` names the group when it is refused.
 */
export interface TaskGroupWrite {
  id: string;
  writes: TransactItems;
  counters: readonly { projectId: string; changes: CounterChanges }[];
  /** Changes of parents' sub-task counts (layout 8), summed per parent over a transaction like the counters. */
  subtaskCounts?: readonly SubtaskCountMove[];
  /**
   * Written instead when only a parent it adds a sub-task under (a `checked` move) refuses it: the same
   * writes with the created sub-task as a task of its own.
   */
  fallback?: TaskGroupWrite;
}

interface SubtaskCountMove {
  projectId: string;
  parentId: string;
  change: number;
  /** A sub-task created under the parent: it must be open, a task of its own and have room, checked in the write. */
  checked?: boolean;
}

const parentKey = (move: { projectId: string; parentId: string }) => `${move.projectId}/${move.parentId}`;

/** What a refused item of a bulk transaction takes out: its group, a project's groups, or the groups adding sub-tasks under a parent. */
type GroupRefusal = { group: string } | { project: string } | { parent: string };

/** The groups' sub-task count changes summed per parent (one transaction may touch an item once), those that move. */
function subtaskCountsByParent(groups: readonly TaskGroupWrite[]): SubtaskCountMove[] {
  const byParent = new Map<string, SubtaskCountMove>();
  for (const move of groups.flatMap((group) => group.subtaskCounts ?? [])) {
    const was = byParent.get(parentKey(move));
    byParent.set(parentKey(move), { ...move, change: (was?.change ?? 0) + move.change, checked: was?.checked === true || move.checked === true });
  }
  return [...byParent.values()].filter(({ change }) => change !== 0);
}

/** The groups' counter changes summed per project, leaving out projects whose counters do not move. */
function countersByProject(groups: readonly TaskGroupWrite[]): Map<string, CounterChanges> {
  const byProject = new Map<string, CounterChanges>();
  for (const { projectId, changes } of groups.flatMap((group) => group.counters)) byProject.set(projectId, summed([byProject.get(projectId) ?? {}, changes]));
  return new Map([...byProject].filter(([, changes]) => Object.values(changes).some((change) => change !== 0)));
}

/** The next batch from `start`: whole groups and the counter updates of their projects, at most 100 items together. */
function nextBatch(groups: readonly TaskGroupWrite[], start: number): TaskGroupWrite[] {
  let end = start;
  let writes = 0;
  while (end < groups.length) {
    const candidate = groups.slice(start, end + 1);
    writes += groups[end]?.writes.length ?? 0;
    const moves = subtaskCountsByParent(candidate);
    // Each checked parent is a count update and a check of the parent.
    if (writes + countersByProject(candidate).size + moves.length + moves.filter((move) => move.checked).length > TRANSACTION_ITEMS) break;
    end += 1;
  }
  // A group that cannot be one transaction is refused by the caller's rules before it gets here.
  if (end === start && start < groups.length) throw new Error(`A group of ${groups[start]?.writes.length} writes cannot be one transaction`);
  return groups.slice(start, end);
}

/**
 * Writes the groups in TransactWrites of up to 100 items: whole groups and one counter update per project
 * they change. A transaction whose conditions failed for some groups is sent again without them (a project
 * refusing its counters, being deleted, takes its groups out); answers the ids of those, which are left as
 * they are. A group refused only by a parent it adds a sub-task under (gone, a sub-task, completed or full)
 * is sent again as its `fallback`.
 */
export async function writeTaskGroupsIfCurrent(workspaceId: string, groups: readonly TaskGroupWrite[]): Promise<Set<string>> {
  const refused = new Set<string>();
  for (let start = 0; start < groups.length; ) {
    let batch = nextBatch(groups, start);
    start += batch.length;
    while (batch.length > 0) {
      // Each item says what its refusal takes out: its group, a project's groups (its counters), or the
      // groups adding sub-tasks under a parent. Sub-task counts are unconditioned unless checked: the limit is
      // checked where a sub-task is added; a bulk write otherwise only moves or removes them.
      const moves = subtaskCountsByParent(batch);
      const refusals = await transactWriteOrRefusals<GroupRefusal>([
        ...batch.flatMap((group) => group.writes.map((write) => ({ write, refused: { group: group.id } }))),
        ...[...countersByProject(batch)].map(([projectId, changes]) => ({ write: projectCounterUpdate(workspaceId, projectId, changes), refused: { project: projectId } })),
        ...moves.map((move) => ({ write: subtaskCountChange(workspaceId, move.projectId, move.parentId, move.change, 'missing', move.checked === true).write, refused: { parent: parentKey(move) } })),
        ...moves.filter((move) => move.checked).map((move) => ({ write: parentCheck(workspaceId, move.projectId, move.parentId, 'missing', true).write, refused: { parent: parentKey(move) } })),
      ]);
      if (refusals.length === 0) break;
      const refusedGroups = new Set(refusals.flatMap((refusal) => ('group' in refusal ? [refusal.group] : [])));
      const refusedProjects = new Set(refusals.flatMap((refusal) => ('project' in refusal ? [refusal.project] : [])));
      const refusingParents = new Set(refusals.flatMap((refusal) => ('parent' in refusal ? [refusal.parent] : [])));
      batch = batch.flatMap((group) => {
        const failed = refusedGroups.has(group.id) || group.counters.some(({ projectId }) => refusedProjects.has(projectId));
        const parentRefused = (group.subtaskCounts ?? []).some((move) => move.checked && refusingParents.has(parentKey(move)));
        if (failed || (parentRefused && !group.fallback)) refused.add(group.id);
        if (failed) return [];
        return parentRefused ? (group.fallback ? [group.fallback] : []) : [group];
      });
    }
  }
  return refused;
}

/**
 * The sub-task counts a deletion of tasks changes: a parent that stays counts its sub-tasks gone one less;
 * a task gone takes its count with it.
 */
function subtaskCountsGone(workspaceId: string, gone: readonly TaskView[]): RefusableWrite<ChildWriteOutcome>[] {
  const ids = new Set(gone.map((task) => task.id));
  const left = new Map<string, number>();
  for (const { parentId } of gone) if (parentId && !ids.has(parentId)) left.set(parentId, (left.get(parentId) ?? 0) - 1);
  const projectId = gone[0]?.projectId ?? '';
  return [
    ...[...left].map(([parentId, change]) => subtaskCountChange(workspaceId, projectId, parentId, change, 'missing')),
    ...gone
      .filter((task) => task.parentId === undefined)
      .map((task) => ({ write: { Delete: { TableName: tableName, Key: keys.subtaskCount(workspaceId, projectId, task.id) } } })),
  ];
}

/**
 * Replaces many tasks, each only if it is still at its expected version (`writeTaskGroupsIfCurrent`, a group
 * of one each), with one counter update per project whose tasks are completed or reopened (the weekly plan's
 * due dates and bulk edits change none); answers the ids of those refused, which keep what they have.
 */
export function replaceTasksIfCurrent(workspaceId: string, replacements: readonly TaskReplacement[], updatedBy: string): Promise<Set<string>> {
  return writeTaskGroupsIfCurrent(
    workspaceId,
    replacements.map((replacement) => taskReplacement(workspaceId, replacement, updatedBy)),
  );
}

/**
 * A task replaced if still at `expectedVersion`, with its counter changes and, when given, a task created
 * beside it (a repeating task's next occurrence, counted too, written only if its id is new). A created
 * sub-task needs its parent open, a task of its own and with room (checked in the write), else it is
 * written as `created.orphan`, a task of its own.
 */
export function taskReplacement(
  workspaceId: string,
  replacement: TaskReplacement,
  updatedBy: string,
  created?: { task: TaskView; orphan?: TaskView },
): TaskGroupWrite {
  const { next, expectedVersion, counters } = replacement;
  const made = created?.task;
  const changes = summed([counters ?? {}, ...(made ? [countersOf('task', made)] : [])]);
  return {
    id: next.id,
    writes: [
      { Put: { TableName: tableName, Item: { ...childItem('task', workspaceId, next), updatedBy }, ...isCurrent('task', expectedVersion) } },
      ...(made ? [{ Put: { TableName: tableName, Item: childItem('task', workspaceId, made), ConditionExpression: 'attribute_not_exists(PK)' } }] : []),
    ],
    counters: [{ projectId: next.projectId, changes }],
    subtaskCounts: made?.parentId ? [{ projectId: made.projectId, parentId: made.parentId, change: 1, checked: true }] : [],
    ...(made?.parentId && created?.orphan ? { fallback: taskReplacement(workspaceId, replacement, updatedBy, { task: created.orphan }) } : {}),
  };
}

/**
 * A task and the sub-tasks going with it deleted (each at its version read), uncounted from their project,
 * with `trash` (the puts of its trash entry, data/trash.ts) in the same transaction.
 */
export function taskDeletion(workspaceId: string, task: TaskView, along: readonly TaskView[], trash: TransactItems): TaskGroupWrite {
  const gone = [task, ...along];
  return {
    id: task.id,
    writes: [
      ...gone.map((child) => ({ Delete: { TableName: tableName, Key: keys.projectItem('task', workspaceId, child.projectId, child.id), ...isCurrent('task', child.version) } })),
      ...trash,
      // A parent gone takes its sub-task count with it.
      ...(task.parentId === undefined ? [{ Delete: { TableName: tableName, Key: keys.subtaskCount(workspaceId, task.projectId, task.id) } }] : []),
    ],
    counters: [{ projectId: task.projectId, changes: negated(summed(gone.map((child) => countersOf('task', child)))) }],
    // A sub-task deleted without its parent counts one less on that parent.
    subtaskCounts: task.parentId === undefined ? [] : [{ projectId: task.projectId, parentId: task.parentId, change: -1 }],
  };
}

/**
 * A deleted task and its sub-tasks made again from their stored items (the head first), with `trash` (the
 * removal of their trash entry) in the same transaction: each put only where its id is free, counted in its
 * project (whose counter update refuses a project gone or being deleted) and in the sub-task counts; a
 * sub-task restored without its parent needs that parent there (and a task of its own). `updatedBy` names
 * who restored them (the activity feed's writer). Their comments stayed where they were, so the tasks keep
 * their comment counts.
 */
export function taskRestoration(workspaceId: string, tasks: readonly TaskView[], updatedBy: string, trash: TransactItems): TaskGroupWrite {
  const [head] = tasks;
  if (!head) throw new Error('A restoration makes at least one task');
  const parentId = head.parentId;
  return {
    id: head.id,
    writes: [
      ...tasks.map((task) => ({ Put: { TableName: tableName, Item: { ...childItem('task', workspaceId, task), updatedBy }, ConditionExpression: 'attribute_not_exists(PK)' } })),
      ...(parentId ? [parentCheck(workspaceId, head.projectId, parentId, 'parent-refused').write] : []),
      ...(tasks.length > 1 ? [{ Put: { TableName: tableName, Item: subtaskCountItem(workspaceId, head.projectId, head.id, tasks.length - 1) } }] : []),
      ...trash,
    ],
    counters: [{ projectId: head.projectId, changes: summed(tasks.map((task) => countersOf('task', task))) }],
    subtaskCounts: parentId ? [{ projectId: head.projectId, parentId, change: 1 }] : [],
  };
}

/** A deleted note made again where its id is free, counted in its project (gone or being deleted refuses it), with `trash` in the same transaction. */
export function noteRestoration(workspaceId: string, note: NoteView, updatedBy: string, trash: TransactItems): TaskGroupWrite {
  return {
    id: note.id,
    writes: [{ Put: { TableName: tableName, Item: { ...childItem('note', workspaceId, note), updatedBy }, ConditionExpression: 'attribute_not_exists(PK)' } }, ...trash],
    counters: [{ projectId: note.projectId, changes: countersOf('note', note) }],
  };
}

/**
 * A task and the sub-tasks going with it moved to another project (each `after` of the same id as its
 * `before`): the key holds the project, so each old item is deleted at its version read and the new one put
 * (its id new there), and the counts move from one project to the other. A head made a sub-task there (an
 * Undo giving a promoted sub-task back its parent) is checked against that parent in the same transaction.
 */
export function taskRelocation(workspaceId: string, moves: readonly { before: TaskView; after: TaskView }[], updatedBy: string): TaskGroupWrite {
  const [head] = moves;
  if (!head) throw new Error('A relocation moves at least one task');
  const counts = summed(moves.map(({ before }) => countersOf('task', before)));
  const parentId = head.after.parentId;
  return {
    id: head.before.id,
    writes: [
      ...moves.flatMap(({ before, after }) => [
        { Delete: { TableName: tableName, Key: keys.projectItem('task', workspaceId, before.projectId, before.id), ...isCurrent('task', before.version) } },
        {
          Put: { TableName: tableName, Item: { ...childItem('task', workspaceId, after), updatedBy, movedFrom: before.projectId }, ConditionExpression: 'attribute_not_exists(PK)' },
        },
      ]),
      ...(parentId ? [parentCheck(workspaceId, head.after.projectId, parentId, 'parent-refused').write] : []),
      // The head's sub-task count moves with its sub-tasks (the key holds the project).
      ...(head.before.parentId === undefined ? [{ Delete: { TableName: tableName, Key: keys.subtaskCount(workspaceId, head.before.projectId, head.before.id) } }] : []),
      ...(moves.length > 1 ? [{ Put: { TableName: tableName, Item: subtaskCountItem(workspaceId, head.after.projectId, head.after.id, moves.length - 1) } }] : []),
    ],
    counters: [
      { projectId: head.before.projectId, changes: negated(counts) },
      { projectId: head.after.projectId, changes: counts },
    ],
    // A sub-task moved alone leaves its parent; one given back its parent (an Undo) counts on it again.
    subtaskCounts: [
      ...(head.before.parentId ? [{ projectId: head.before.projectId, parentId: head.before.parentId, change: -1 }] : []),
      ...(parentId ? [{ projectId: head.after.projectId, parentId, change: 1 }] : []),
    ],
  };
}

/**
 * Deletes the child if it is still at `version` (so the counters it takes away are the ones it added) and
 * uncounts it, in one transaction; `along` (a parent's sub-tasks) go in the same one, each at its version,
 * with the sub-task counts they change.
 */
export async function deleteChild<K extends ChildKind>(
  kind: K,
  workspaceId: string,
  current: ChildRecords[K],
  along: readonly ChildRecords[K][] = [],
  trash: TransactItems = [],
): Promise<ChildWriteOutcome> {
  const gone = [current, ...along];
  const counters = negated(summed(gone.map((child) => countersOf(kind, child))));
  const refused = await transactWriteOrRefusal<ChildWriteOutcome>([
    // Tasks only: the kind says what `gone` holds; TypeScript cannot follow K through the check.
    ...(kind === 'task' ? subtaskCountsGone(workspaceId, gone as TaskView[]) : []),
    ...gone.map((child) => ({
      write: {
        Delete: {
          TableName: tableName,
          Key: keys.projectItem(kind, workspaceId, child.projectId, child.id),
          ...isCurrent(kind, child.version),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
      refused: versionRefusal,
    })),
    { write: projectCounterUpdate(workspaceId, current.projectId, counters), refused: refusedByProject('missing') },
    ...trash.map((write) => ({ write })),
  ]);
  return refused ?? 'written';
}

/**
 * Moves a note to another project: its key holds the project, so one transaction deletes the old item (if
 * still at `expectedVersion`), puts the new one, and moves the count from one project to the other (the
 * target must exist in the same workspace).
 */
export async function moveNote(workspaceId: string, fromProjectId: string, note: NoteView, expectedVersion: number): Promise<ChildWriteOutcome> {
  const refused = await transactWriteOrRefusal<ChildWriteOutcome>([
    {
      write: {
        Delete: {
          TableName: tableName,
          Key: keys.projectItem('note', workspaceId, fromProjectId, note.id),
          ...isCurrent('note', expectedVersion),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      refused: versionRefusal,
    },
    { write: projectCounterUpdate(workspaceId, fromProjectId, { noteCount: -1 }), refused: refusedByProject('missing') },
    { write: projectCounterUpdate(workspaceId, note.projectId, { noteCount: 1 }), refused: refusedByProject('project-missing') },
    { write: { Put: { TableName: tableName, Item: childItem('note', workspaceId, note), ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'stale' },
  ]);
  return refused ?? 'written';
}

const taskPlace = z.object({ status: z.enum(taskStatuses), position: z.number(), parentId: z.optional(z.string()) });

/**
 * The column, position and parent of every task of a project, for placing a new card at the end of its
 * column or a new sub-task after its siblings; `consistent`: a task written just before is there.
 */
export async function listTaskPlaces(
  workspaceId: string,
  projectId: string,
  { consistent = false }: { consistent?: boolean } = {},
): Promise<{ status: TaskStatus; position: number; parentId?: string }[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: '#status, #position, #parentId',
    ExpressionAttributeNames: { '#status': 'status', '#position': 'position', '#parentId': 'parentId' },
    ExpressionAttributeValues: { ':pk': projectPartition(workspaceId, projectId), ':prefix': projectItemPrefixes.task },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
  return items.map((item) => taskPlace.parse(item));
}
