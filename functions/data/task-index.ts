import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { NoteView, TaskView } from '../../shared/schemas/project.js';
import type { ListTasksQuery } from '../../shared/schemas/task-index.js';
import { documentClient, tableName } from './client.js';
import { assigneeSortKeyPrefixes, indexes, NO_DUE_DATE_SORT_VALUE, notesIndexPartition, taskIndexPartitions, type IndexKeys } from './keys.js';

/**
 * The workspace-wide task index: four global secondary indexes over task items, each answering one
 * cross-project question with one Query per page (see shared/schemas/task-index.ts for the questions).
 *
 *   tasksByDueDate      DUE#<ws>                     <dueDate>#<task>              open tasks with a due date
 *                       DUE_DONE#<ws>                <dueDate>#<task>              completed ones (the calendar)
 *   tasksByAssignee     ASSIGNEE#<ws>#<user>         OPEN#<dueDate or ~>#<task>    open, soonest due first
 *                                                    DONE#<completedAt>#<task>     then completed, by time
 *   tasksByStatus       STATUS#<ws>#<status>         <activityAt>#<task>
 *   tasksByActivity     ACTIVITY#<ws>                <activityAt>#<task>
 *
 * where activityAt is the completion time of a completed task, else its creation time. The attributes
 * are derived from the task on every write (a completed task moves to the due-date index's DUE_DONE
 * partition, an unassigned one leaves the assignee index), so the indexes cannot drift from the tasks.
 */
export function taskIndexAttributes(workspaceId: string, task: TaskView): Record<string, string> {
  const activityAt = task.completed ? (task.completedAt ?? task.updatedAt) : task.createdAt;
  const attributes: Record<string, string> = {};
  const set = (index: IndexKeys, partition: string, sort: string) => {
    attributes[index.partitionKey] = partition;
    attributes[index.sortKey] = `${sort}#${task.id}`;
  };
  if (task.dueDate) {
    const byDueDate = task.completed ? taskIndexPartitions.completedByDueDate(workspaceId) : taskIndexPartitions.openByDueDate(workspaceId);
    set(indexes.tasksByDueDate, byDueDate, task.dueDate);
  }
  if (task.assignedTo) {
    set(
      indexes.tasksByAssignee,
      taskIndexPartitions.byAssignee(workspaceId, task.assignedTo),
      task.completed
        ? `${assigneeSortKeyPrefixes.completed}${activityAt}`
        : `${assigneeSortKeyPrefixes.open}${task.dueDate ?? NO_DUE_DATE_SORT_VALUE}`,
    );
  }
  set(indexes.tasksByStatus, taskIndexPartitions.byStatus(workspaceId, task.status), activityAt);
  set(indexes.tasksByActivity, taskIndexPartitions.byActivity(workspaceId), activityAt);
  return attributes;
}

/** A note's place in the workspace's notes (the NOTES# partition of GSI5), by its latest edit. */
export function noteIndexAttributes(workspaceId: string, note: NoteView): Record<string, string> {
  return { [indexes.tasksByStatus.partitionKey]: notesIndexPartition(workspaceId), [indexes.tasksByStatus.sortKey]: `${note.updatedAt}#${note.id}` };
}

/** The workspace's notes, newest edit first. */
export function notesIndexQuery(workspaceId: string): IndexQuery {
  return { index: indexes.tasksByStatus, partition: notesIndexPartition(workspaceId), newestFirst: true };
}

/** Sorts after every character a sort-key value of ours holds, to close a range with `BETWEEN`. */
const HIGHEST = '\uffff';

export interface IndexQuery {
  readonly index: IndexKeys;
  readonly partition: string;
  /** The sort-key condition and its values, without the partition; `contains` tells a sort-key value in it. */
  readonly range?: { readonly expression: string; readonly values: Record<string, string>; readonly contains: (value: string) => boolean };
  readonly newestFirst: boolean;
}

/** A sort-key range; either end may be open. */
function range(from: string | undefined, to: string | undefined): IndexQuery['range'] {
  const contains = (value: string) => (from === undefined || value >= from) && (to === undefined || value <= to);
  if (from !== undefined && to !== undefined) return { expression: '#sort BETWEEN :from AND :to', values: { ':from': from, ':to': to }, contains };
  if (from !== undefined) return { expression: '#sort >= :from', values: { ':from': from }, contains };
  if (to !== undefined) return { expression: '#sort <= :to', values: { ':to': to }, contains };
  return undefined;
}

function startingWith(prefix: string): IndexQuery['range'] {
  return { expression: 'begins_with(#sort, :prefix)', values: { ':prefix': prefix }, contains: (value) => value.startsWith(prefix) };
}

/** Which index, partition and sort-key range answers the query. */
export function indexQueryFor(workspaceId: string, query: ListTasksQuery): IndexQuery {
  switch (query.by) {
    case 'due': {
      const dates = range(query.from, query.to === undefined ? undefined : `${query.to}${HIGHEST}`);
      return {
        index: indexes.tasksByDueDate,
        partition: query.state === 'completed' ? taskIndexPartitions.completedByDueDate(workspaceId) : taskIndexPartitions.openByDueDate(workspaceId),
        ...(dates ? { range: dates } : {}),
        newestFirst: false,
      };
    }
    case 'assignee': {
      const { open, completed } = assigneeSortKeyPrefixes;
      const sorted =
        query.state === 'open'
          ? startingWith(open)
          : query.since === undefined
            ? startingWith(completed)
            : range(`${completed}${query.since}`, `${completed}${HIGHEST}`);
      return {
        index: indexes.tasksByAssignee,
        partition: taskIndexPartitions.byAssignee(workspaceId, query.assignee),
        ...(sorted ? { range: sorted } : {}),
        newestFirst: query.state === 'completed',
      };
    }
    case 'status': {
      const since = range(query.since, undefined);
      return { index: indexes.tasksByStatus, partition: taskIndexPartitions.byStatus(workspaceId, query.status), ...(since ? { range: since } : {}), newestFirst: true };
    }
    case 'activity': {
      const since = range(query.since, undefined);
      return {
        index: indexes.tasksByActivity,
        partition: taskIndexPartitions.byActivity(workspaceId),
        ...(since ? { range: since } : {}),
        newestFirst: true,
      };
    }
  }
}

/** A page's cursor: the index position after which the next page starts (DynamoDB's LastEvaluatedKey). */
const cursorKey = z.record(z.string(), z.string());

export function encodeCursor(lastEvaluatedKey: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

/**
 * The start key in a cursor, if it is one this query could have made: exactly the table's and the index's
 * key attributes, none empty or outside printable ASCII, in the query's own partition and sort-key range (a cursor of the same list
 * asked with other dates or states is not). Anything else is refused rather than sent to DynamoDB.
 */
export function decodeCursor(cursor: string, query: IndexQuery): Record<string, string> | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = cursorKey.safeParse(decoded);
  if (!parsed.success) return undefined;
  const expected = ['PK', 'SK', query.index.partitionKey, query.index.sortKey].sort();
  const names = Object.keys(parsed.data).sort();
  const key = parsed.data;
  // Our keys are ids, dates and '#': printable ASCII, where JavaScript's order (used by `contains`) is DynamoDB's.
  const sameShape = names.length === expected.length && names.every((name, position) => name === expected[position] && /^[\x20-\x7e]+$/.test(key[name] ?? ''));
  const sortValue = key[query.index.sortKey] ?? '';
  return sameShape && key[query.index.partitionKey] === query.partition && (query.range?.contains(sortValue) ?? true) ? key : undefined;
}

export interface IndexPage {
  readonly items: Record<string, unknown>[];
  readonly nextCursor: string | null;
}

/** The DynamoDB Query of an index question, from `startKey` on. */
function queryInput(query: IndexQuery, startKey?: Record<string, unknown>): QueryCommandInput {
  return {
    TableName: tableName,
    IndexName: query.index.indexName,
    KeyConditionExpression: `#partition = :partition${query.range ? ` AND ${query.range.expression}` : ''}`,
    ExpressionAttributeNames: {
      '#partition': query.index.partitionKey,
      ...(query.range ? { '#sort': query.index.sortKey } : {}),
    },
    ExpressionAttributeValues: { ':partition': query.partition, ...query.range?.values },
    ScanIndexForward: !query.newestFirst,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  };
}

/** One page of the index: a single Query. */
export async function queryTaskIndex(query: IndexQuery, limit: number, startKey?: Record<string, string>): Promise<IndexPage> {
  const page = await documentClient.send(new QueryCommand({ ...queryInput(query, startKey), Limit: limit }));
  return { items: page.Items ?? [], nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null };
}

/** Every task of one index question, page after page (for whole-workspace work such as planning a week). */
export async function everyTaskOf(workspaceId: string, query: ListTasksQuery): Promise<Record<string, unknown>[]> {
  const indexQuery = indexQueryFor(workspaceId, query);
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await queryTaskIndex(indexQuery, 1_000, startKey);
    items.push(...page.items);
    startKey = page.nextCursor ? decodeCursor(page.nextCursor, indexQuery) : undefined;
  } while (startKey);
  return items;
}

/**
 * Every task of the workspace that waits for others (`blockedBy` set), from the activity index (which holds
 * every task): one paginated Query, filtered in DynamoDB. Eventually consistent, as the index is.
 */
export async function everyBlockedTaskOf(workspaceId: string): Promise<Record<string, unknown>[]> {
  const input = queryInput(indexQueryFor(workspaceId, { by: 'activity', limit: 100 }));
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        ...input,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        FilterExpression: 'attribute_exists(#blockedBy)',
        ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#blockedBy': 'blockedBy' },
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Tasks read at a time while looking past those of left-out projects. */
const READ_ON_PAGE = 25;

/**
 * The first `count` tasks of an index question outside the projects in `leaveOut` (archived ones), reading
 * on past theirs: one Query of `count` items when nothing is left out.
 */
export async function firstTasksOf(workspaceId: string, query: ListTasksQuery, count: number, leaveOut: ReadonlySet<string>): Promise<Record<string, unknown>[]> {
  const indexQuery = indexQueryFor(workspaceId, query);
  const limit = leaveOut.size > 0 ? Math.max(count, READ_ON_PAGE) : count;
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...queryInput(indexQuery, startKey), Limit: limit }));
    found.push(...(page.Items ?? []).filter((item) => !leaveOut.has(String(item.projectId))));
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length < count);
  return found.slice(0, count);
}

/**
 * How many tasks answer one index question, page after page, leaving out those of the projects in
 * `leaveOut` (archived ones). With nothing to leave out it is a Query with Select COUNT (no items travel);
 * otherwise each item's project id comes back to be checked. Both read the same pages.
 */
export async function countTasksOf(workspaceId: string, query: ListTasksQuery, leaveOut: ReadonlySet<string> = new Set()): Promise<number> {
  const indexQuery = indexQueryFor(workspaceId, query);
  const projected = leaveOut.size > 0;
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const input = queryInput(indexQuery, startKey);
    const page = await documentClient.send(
      new QueryCommand(
        projected
          ? { ...input, ProjectionExpression: '#project', ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#project': 'projectId' } }
          : { ...input, Select: 'COUNT' },
      ),
    );
    count += projected ? (page.Items ?? []).filter((item) => !leaveOut.has(String(item.projectId))).length : (page.Count ?? 0);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}
