/**
 * Task history (issue 37): each write of a task, read from the table's stream as the activity feed is
 * (data/stream-changes.ts), kept as one entry of what changed in the fields a person sees, for a year.
 *
 * An entry is keyed by the version the write gave the task (keys.taskHistory), so a redelivered stream
 * record writes the same item again. A move to another project is the old item deleted and a new one put
 * at the next version (the key holds the project); the new one names the project it left (`movedFrom`),
 * so the put alone is the `moved` entry. Deletions are not recorded: the stream cannot tell a deletion
 * from a move's other half or from a workspace being deleted (whose history goes with it, and must not be
 * written again after), and a deleted task's history is not read.
 */

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
import { epochSeconds } from './epoch-seconds.js';
import { keys, taskHistoryPartition, taskHistoryPrefix } from './keys.js';
import type { StreamChange } from './stream-changes.js';
import { batchDeleteKeys, batchPutItems, queryAllItems } from './table-operations.js';
import { newestFirstPage } from './newest-first-pages.js';
import { ofExistingWorkspaces } from './workspace.js';

const KEPT_SECONDS = 365 * 24 * 60 * 60;

export interface HistoryWrite {
  readonly workspaceId: string;
  readonly taskId: string;
  /** The version the write gave the task. */
  readonly version: number;
  readonly kind: HistoryKind;
  readonly actorId: string;
  readonly at: string;
  readonly changes: readonly FieldChange[];
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

/** The history entry one stream record of a task means, or none (another entity, a deletion, an unreadable side, a write no person sees such as a new position). */
export function taskHistoryOf(change: StreamChange): HistoryWrite | undefined {
  if (change.entity !== 'Task' || !change.after) return undefined;
  const { before, after, workspaceId } = change;
  const entry = { workspaceId, taskId: after.id, version: after.version, at: after.updatedAt, actorId: change.updatedBy ?? after.createdBy };
  if (change.operation === 'insert') {
    if (after.version === 1) return { ...entry, kind: 'created', actorId: after.createdBy, at: after.createdAt, changes: [] };
    // Put anew past its first version without a move's mark: an Undo putting a deleted task back, a migration.
    if (change.movedFrom === undefined || change.movedFrom === after.projectId) return undefined;
    return { ...entry, kind: 'moved', changes: [{ field: 'projectId', from: change.movedFrom, to: after.projectId }] };
  }
  if (!before) return undefined;
  const changes = changedFields(before, after);
  return changes.length > 0 ? { ...entry, kind: 'changed', changes } : undefined;
}

/**
 * Stores the entries of workspaces that still exist (as the search index does: a record read after its
 * workspace went would leave entries nothing deletes), each at its task's version, so writing one again
 * changes nothing.
 */
export async function putTaskHistory(entries: readonly HistoryWrite[]): Promise<void> {
  const items = entries.map((entry) => ({
    ...keys.taskHistory(entry.workspaceId, entry.taskId, entry.version),
    entity: 'TaskHistory',
    ...entry,
    expiresAt: epochSeconds(entry.at) + KEPT_SECONDS,
  }));
  // One batch write may not name a key twice: the later record of a version wins.
  await batchPutItems(await ofExistingWorkspaces([...new Map(items.map((item) => [`${item.PK}/${item.SK}`, item])).values()]));
}

const storedEntry = z.object({
  version: z.number(),
  kind: z.enum(historyKinds),
  actorId: z.string(),
  at: z.string(),
  changes: z.array(fieldChange),
});
export type StoredHistoryEntry = z.infer<typeof storedEntry>;

/**
 * One page of a task's history, newest first, from `cursor` (where the last page ended); 'bad-cursor' for
 * a cursor no page of this task's history could have made.
 */
export async function taskHistoryPage(
  workspaceId: string,
  taskId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ entries: StoredHistoryEntry[]; nextCursor: string | null } | 'bad-cursor'> {
  const read = await newestFirstPage(taskHistoryPartition(workspaceId), taskHistoryPrefix(taskId), page);
  if (read === 'bad-cursor') return read;
  return { entries: read.items.flatMap((item) => storedEntry.safeParse(item).data ?? []), nextCursor: read.nextCursor };
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
