import type { UndoToolsResult } from '../../shared/schemas/chat.js';
import { updateMilestoneInput, updateProjectInput, updateTaskInput } from '../../shared/schemas/project.js';
import { getUndo, markUndone, type UndoRecord } from '../data/chat-runs.js';
import { commentHasAttachments } from '../data/attachments.js';
import { getComment } from '../data/comments.js';
import { getChild } from '../data/project-children.js';
import { getProject } from '../data/projects.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership } from './authorize.js';
import { deleteCommentFor } from './comments.js';
import { deleteChildIfUnchanged } from './project-writes.js';
import { restoreMilestoneFor } from './milestones.js';
import { updateProjectFor } from './projects.js';
import { restoreTaskFor } from './tasks.js';

/** The undo of the assistant's writes (its conversations are in conversations.ts). */
const CHANGED_SINCE = 'It has changed since the assistant wrote it; nothing was undone.';
const GONE: Record<UndoRecord['kind'], string> = {
  project: 'The project is gone',
  task: 'The task is gone',
  milestone: 'The milestone is gone',
  note: 'The note is gone',
  comment: 'The comment is gone',
};

/** The item an undo is about, as long as it is still at the version the undo expects. */
function unchangedSince<T extends { version: number }>(item: T | undefined, record: UndoRecord, expectedVersion: number): T {
  if (!item) throw new NotFoundError(GONE[record.kind]);
  if (item.version !== expectedVersion) throw new ConflictError(CHANGED_SINCE);
  return item;
}

// What an update sends to clear a task's list, repeat, parent or pin, which the stored task leaves out.
const CLEARED: Readonly<Record<string, unknown>> = { blockedBy: [], labelIds: [], repeat: null, parentId: null, pinned: false };

/** The fields of an item an undo record keeps, before and after a write (a task's absent ones as cleared). */
export function undoFields(item: object, fields: readonly string[]): Record<string, unknown> {
  const values = item as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, values[field] === undefined && field in CLEARED ? CLEARED[field] : values[field]]));
}

// Field values are plain data (strings, numbers, lists and objects of them): compared as JSON.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The item an edit's undo is about, while what the edit wrote still holds: at the version the undo expects,
 * or at a later one with every field the edit wrote still as it left it (a comment since, which counts on
 * the task, or someone's change of another field, which the undo leaves as it is).
 */
function stillAsWritten<T extends { version: number }>(item: T | undefined, record: UndoRecord, expectedVersion: number): T {
  if (!item) throw new NotFoundError(GONE[record.kind]);
  if (item.version === expectedVersion || !record.after) return unchangedSince(item, record, expectedVersion);
  const now = undoFields(item, Object.keys(record.after));
  if (Object.entries(record.after).every(([field, value]) => same(now[field], value))) return item;
  throw new ConflictError(CHANGED_SINCE);
}

/** Puts back the fields an edit of the assistant changed (it edits projects, tasks and milestones). */
function restoreFields(caller: Caller, workspaceId: string, record: UndoRecord & { before: Record<string, unknown> }, version: number): Promise<{ version: number }> {
  const { completedAt, ...fields } = record.before;
  const completedAtBefore = typeof completedAt === 'string' ? completedAt : null;
  switch (record.kind) {
    case 'project':
      return updateProjectFor(caller, workspaceId, record.id, updateProjectInput.parse({ ...fields, version }));
    case 'task':
      return restoreTaskFor(caller, { workspaceId, projectId: record.projectId, taskId: record.id }, updateTaskInput.parse({ ...fields, version }), completedAtBefore);
    case 'milestone':
      return restoreMilestoneFor(caller, { workspaceId, projectId: record.projectId, milestoneId: record.id }, updateMilestoneInput.parse({ ...fields, version }), completedAtBefore);
    case 'note':
    case 'comment':
      throw new Error(`The assistant does not edit ${record.kind}s`);
  }
}

/**
 * What the undos of one Undo all have done so far, per item: the version an undo wrote, and the version the
 * write it took back was made on. An older write of the same item made just before that one is then found
 * as it left it, only at the undo's version.
 */
type RestoredItems = Map<string, { readonly madeOn: number; readonly version: number }>;
const itemKey = (record: UndoRecord) => `${record.kind}#${record.id}`;

/**
 * Takes back one write of the assistant, once, and only while the item is still as that write left it:
 * a created task, milestone, note or comment is deleted, an edited project, task or milestone gets its
 * earlier fields back.
 */
async function takeBack(caller: Caller, workspaceId: string, token: string, restored: RestoredItems): Promise<string> {
  const stored = await readAsMember(workspaceId, caller.userId, () => getUndo(workspaceId, caller.userId, token));
  if (!stored) throw new NotFoundError('Nothing to undo');
  if (stored.undoneMessage !== undefined) throw new ConflictError('Already undone');
  const { record } = stored;
  const key = itemKey(record);
  const later = restored.get(key);
  const expectedVersion = later && later.madeOn === record.versionAfter ? later.version : record.versionAfter;
  if (record.kind === 'comment') {
    await takeBackComment(caller, workspaceId, record);
  } else if (!record.before) {
    if (record.kind === 'project') throw new Error('The assistant does not create projects');
    const created = unchangedSince(await getChild(record.kind, workspaceId, record.projectId, record.id), record, expectedVersion);
    // Only the version checked: an edit landing after the check above keeps the item (409).
    if ((await deleteChildIfUnchanged(record.kind, workspaceId, created)) === 'changed') throw new ConflictError(CHANGED_SINCE);
    restored.delete(key);
  } else {
    const edited = record.kind === 'project' ? await getProject(workspaceId, record.id) : await getChild(record.kind, workspaceId, record.projectId, record.id);
    const { version } = stillAsWritten(edited, record, expectedVersion);
    const after = await restoreFields(caller, workspaceId, { ...record, before: record.before }, version).catch((error: unknown) => {
      // An edit landing after the check above: refused by the version, and said as for any later change.
      throw error instanceof ConflictError ? new ConflictError(CHANGED_SINCE) : error;
    });
    // Every write adds one to the version: the one this undo took back was made on the version before it.
    restored.set(key, { madeOn: record.versionAfter - 1, version: after.version });
  }
  const kept = await reopenSubtasks(caller, workspaceId, record, restored);
  const message = `Undone: ${record.label}${kept > 0 ? ` (${kept === 1 ? '1 sub-task changed since stays' : `${kept} sub-tasks changed since stay`} as it is)` : ''}`;
  await markUndone(workspaceId, caller.userId, token, message);
  return message;
}

/**
 * A comment the assistant wrote, deleted while it is as it was written: an edit since, or a file the user
 * attached to it since (which changes nothing on the comment, and would go with it), keeps it (409).
 */
async function takeBackComment(caller: Caller, workspaceId: string, record: UndoRecord): Promise<void> {
  // On a task, or without `taskId` on the project itself.
  const place = { workspaceId, projectId: record.projectId, taskId: record.taskId };
  const comment = await getComment(place, record.id);
  if (!comment) throw new NotFoundError(GONE.comment);
  if (comment.edited || (await commentHasAttachments(place, record.id))) throw new ConflictError(CHANGED_SINCE);
  await deleteCommentFor(caller, place, record.id).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(GONE.comment) : error;
  });
}

/**
 * The sub-tasks a completion of the assistant completed along with the task, reopened to the status each
 * had, each only while still at the version that write gave it (a reopen, so a repeating one's untouched
 * next occurrence is taken back too); one changed or deleted since stays as it is. Answers how many stayed.
 */
async function reopenSubtasks(caller: Caller, workspaceId: string, record: UndoRecord, restored: RestoredItems): Promise<number> {
  const outcomes = await Promise.all(
    (record.subtasks ?? []).map(async ({ id, versionAfter, status }) => {
      const key = itemKey({ ...record, id });
      const later = restored.get(key);
      const version = later && later.madeOn === versionAfter ? later.version : versionAfter;
      try {
        const after = await restoreTaskFor(caller, { workspaceId, projectId: record.projectId, taskId: id }, updateTaskInput.parse({ version, status, completed: false }), null);
        restored.set(key, { madeOn: versionAfter - 1, version: after.version });
        return true;
      } catch (error) {
        if (error instanceof ConflictError || error instanceof NotFoundError) return false;
        throw error;
      }
    }),
  );
  return outcomes.filter((reopened) => !reopened).length;
}

/** The Undo of one tool pill. */
export async function undoAssistantWrite(caller: Caller, workspaceId: string, token: string): Promise<{ message: string }> {
  return { message: await takeBack(caller, workspaceId, token, new Map()) };
}

/**
 * Undo all of a reply: its writes newest first, one after another, so that one item the reply wrote twice
 * (created, then completed) is taken back step by step. Each answers on its own: one refused (changed since,
 * gone) does not stop the rest.
 */
export async function undoAssistantWrites(caller: Caller, workspaceId: string, tokens: readonly string[]): Promise<UndoToolsResult[]> {
  await requireMembership(workspaceId, caller.userId);
  const restored: RestoredItems = new Map();
  const results: UndoToolsResult[] = [];
  for (const token of tokens) {
    try {
      results.push({ token, undone: true, message: await takeBack(caller, workspaceId, token, restored) });
    } catch (error) {
      if (!(error instanceof NotFoundError || error instanceof ConflictError)) throw error;
      results.push({ token, undone: false, message: error.message });
    }
  }
  return results;
}
