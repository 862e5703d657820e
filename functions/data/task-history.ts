/**
 * Task history (issue 37): each write of a task, read from the table's stream as the activity feed is
 * (data/stream-changes.ts), kept as one entry of what changed in the fields a person sees, for a year.
 *
 * An entry is keyed by the version the write gave the task (keys.taskHistory), so a redelivered stream
 * record writes the same item again. A move to another project is the old item deleted and a new one put
 * at the next version (the key holds the project), two records that may arrive in either order: both
 * write the entry of that version, the put as `moved` (to its project) and the delete as `deleted` only
 * where nothing is there yet, else adding the project it left; so the pair ends as one `moved` entry.
 */

import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { TaskView } from '../../shared/schemas/project.js';
import {
  fieldChange,
  HISTORY_TEXT_MAX_LENGTH,
  historyFields,
  historyKinds,
  type FieldChange,
  type HistoryField,
  type HistoryKind,
  type HistoryValue,
} from '../../shared/schemas/task-history.js';
import { documentClient, tableName } from './client.js';
import { epochSeconds } from './epoch-seconds.js';
import { keys, taskHistoryPartition, taskHistoryPrefix } from './keys.js';
import type { StreamChange } from './stream-changes.js';
import { batchDeleteKeys, queryAllItems, writtenUnlessRefused } from './table-operations.js';
import { encodeCursor } from './task-index.js';

const KEPT_SECONDS = 365 * 24 * 60 * 60;

export interface HistoryWrite {
  readonly workspaceId: string;
  readonly taskId: string;
  /** The version the write gave the task (for a deletion: the one after the deleted item's). */
  readonly version: number;
  readonly kind: HistoryKind;
  readonly actorId: string | null;
  readonly at: string;
  readonly changes: readonly FieldChange[];
  /** A deletion: the project the task left (a move's other half names where it went). */
  readonly fromProjectId?: string;
}

const shortText = (text: string) => (text.length > HISTORY_TEXT_MAX_LENGTH ? text.slice(0, HISTORY_TEXT_MAX_LENGTH) : text);

/** Each field as history keeps it: comparable values (sorted lists), long texts cut short. */
const valueOf: { readonly [F in HistoryField]: (task: TaskView) => HistoryValue } = {
  title: (task) => task.title,
  description: (task) => shortText(task.description),
  status: (task) => task.status,
  completed: (task) => task.completed,
  priority: (task) => task.priority,
  dueDate: (task) => task.dueDate,
  timeEstimate: (task) => task.timeEstimate,
  assignedTo: (task) => task.assignedTo,
  labelIds: (task) => [...(task.labelIds ?? [])].sort(),
  parentId: (task) => task.parentId ?? null,
  projectId: (task) => task.projectId,
  repeat: (task) => task.repeat?.rule ?? null,
  blockedBy: (task) => (task.blockedBy ?? []).map((ref) => ref.taskId).sort(),
  pinned: (task) => task.pinned ?? false,
};

const sameValue = (a: HistoryValue, b: HistoryValue) => JSON.stringify(a) === JSON.stringify(b);

/** The fields a person sees that differ between two versions of a task, in the order of `historyFields`. */
export function changedFields(before: TaskView, after: TaskView): FieldChange[] {
  return historyFields.flatMap((field) => {
    const [from, to] = [valueOf[field](before), valueOf[field](after)];
    return sameValue(from, to) ? [] : [{ field, from, to }];
  });
}

/**
 * The history entry one stream record of a task means, or none (another entity, an unreadable side, a write
 * no person sees such as a new position). `removedAt`: when the record was written, for a deletion.
 */
export function taskHistoryOf(change: StreamChange, removedAt: string): HistoryWrite | undefined {
  if (change.entity !== 'Task') return undefined;
  const { before, after, workspaceId } = change;
  if (change.operation === 'remove') {
    if (!before) return undefined;
    return { workspaceId, taskId: before.id, version: before.version + 1, kind: 'deleted', actorId: null, at: removedAt, changes: [], fromProjectId: before.projectId };
  }
  if (!after) return undefined;
  const entry = { workspaceId, taskId: after.id, version: after.version, at: after.updatedAt };
  if (change.operation === 'insert') {
    // A new item past its first version is the task moved here (or put back by an Undo).
    return after.version === 1
      ? { ...entry, kind: 'created', actorId: after.createdBy, at: after.createdAt, changes: [] }
      : { ...entry, kind: 'moved', actorId: change.updatedBy ?? after.createdBy, changes: [{ field: 'projectId', from: null, to: after.projectId }] };
  }
  if (!before) return undefined;
  const changes = changedFields(before, after);
  return changes.length > 0 ? { ...entry, kind: 'changed', actorId: change.updatedBy ?? after.createdBy, changes } : undefined;
}

/** Stores the entries; each write is idempotent, and a move's two halves meet in one entry (see above). */
export async function putTaskHistory(entries: readonly HistoryWrite[]): Promise<void> {
  await Promise.all(entries.map(putEntry));
}

interface Condition {
  readonly expression: string;
  readonly names?: Record<string, string>;
  readonly values: Record<string, unknown>;
}

async function putEntry(entry: HistoryWrite): Promise<void> {
  const key = keys.taskHistory(entry.workspaceId, entry.taskId, entry.version);
  const fields = {
    entity: 'TaskHistory',
    workspaceId: entry.workspaceId,
    taskId: entry.taskId,
    version: entry.version,
    kind: entry.kind,
    actorId: entry.actorId,
    at: entry.at,
    changes: entry.changes,
    expiresAt: epochSeconds(entry.at) + KEPT_SECONDS,
  };
  const update = (values: Record<string, unknown>, condition?: Condition) =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: `SET ${Object.keys(values).map((name) => `#${name} = :${name}`).join(', ')}`,
        ExpressionAttributeNames: { ...Object.fromEntries(Object.keys(values).map((name) => [`#${name}`, name])), ...condition?.names },
        ExpressionAttributeValues: { ...Object.fromEntries(Object.entries(values).map(([name, value]) => [`:${name}`, value])), ...condition?.values },
        ...(condition ? { ConditionExpression: condition.expression } : {}),
      }),
    );
  const unlessKind = (...kinds: HistoryKind[]): Condition => ({
    expression: `attribute_not_exists(PK) OR ${kinds.map((_, n) => `#kind = :was${n}`).join(' OR ')}`,
    values: Object.fromEntries(kinds.map((kind, n) => [`:was${n}`, kind])),
  });
  switch (entry.kind) {
    case 'created':
    case 'changed':
      await update(fields);
      return;
    case 'moved':
      // Over its own deletion half (or itself, redelivered); never over another write's entry (an Undo's put-back).
      await writtenUnlessRefused(() => update(fields, unlessKind('deleted', 'moved')));
      return;
    case 'deleted': {
      const left = { fromProjectId: entry.fromProjectId };
      const asDeletion = await writtenUnlessRefused(() => update({ ...fields, ...left }, { expression: 'attribute_not_exists(PK)', values: {} }));
      if (!asDeletion) await writtenUnlessRefused(() => update(left, { expression: '#kind = :moved', names: { '#kind': 'kind' }, values: { ':moved': 'moved' } }));
      return;
    }
  }
}

const storedEntry = z.object({
  version: z.number(),
  kind: z.enum(historyKinds),
  actorId: z.nullable(z.string()),
  at: z.string(),
  changes: z.array(fieldChange),
  fromProjectId: z.optional(z.string()),
});

export interface StoredHistoryEntry {
  readonly version: number;
  readonly kind: HistoryKind;
  readonly actorId: string | null;
  readonly at: string;
  /** A move's `projectId` change names the project it left, once the deletion half is in. */
  readonly changes: readonly FieldChange[];
}

/** A stored entry as read: a move's project change completed with the project it left. */
function readEntry(item: Record<string, unknown>): StoredHistoryEntry | undefined {
  const parsed = storedEntry.safeParse(item);
  if (!parsed.success) return undefined;
  const { fromProjectId, changes, ...entry } = parsed.data;
  return {
    ...entry,
    changes: changes.map((change) => (change.field === 'projectId' && entry.kind === 'moved' ? { ...change, from: fromProjectId ?? null } : change)),
  };
}

const cursorKey = z.strictObject({ PK: z.string(), SK: z.string() });

/** Where the next page starts, if `cursor` is one a page of this task's history could have ended with. */
function startKeyOf(workspaceId: string, taskId: string, cursor: string): Record<string, string> | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const key = cursorKey.safeParse(decoded).data;
  return key && key.PK === taskHistoryPartition(workspaceId) && key.SK.startsWith(taskHistoryPrefix(taskId)) && /^[\x20-\x7e]+$/.test(key.SK) ? key : undefined;
}

/**
 * One page of a task's history, newest first, from `cursor` (where the last page ended); 'bad-cursor' for
 * a cursor no page of this task's history could have made.
 */
export async function taskHistoryPage(
  workspaceId: string,
  taskId: string,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ entries: StoredHistoryEntry[]; nextCursor: string | null } | 'bad-cursor'> {
  const startKey = cursor === undefined ? undefined : startKeyOf(workspaceId, taskId, cursor);
  if (cursor !== undefined && !startKey) return 'bad-cursor';
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': taskHistoryPartition(workspaceId), ':prefix': taskHistoryPrefix(taskId) },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return {
    entries: (page.Items ?? []).flatMap((item) => readEntry(item) ?? []),
    nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null,
  };
}

/** Deletes a workspace's task history with the workspace (it would otherwise wait for its TTL). */
export async function deleteTaskHistoryOf(workspaceId: string): Promise<void> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': taskHistoryPartition(workspaceId) },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
}
