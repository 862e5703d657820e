import { counterDifference, summed } from '../../shared/rules/project-counters.js';
import {
  createChild,
  createdRoom,
  deleteChild,
  getChild,
  parentIdOf,
  replaceChild,
  type ChildKind,
  type ChildRecords,
  type ChildWriteOutcome,
} from '../data/project-children.js';
import { MAX_SUBTASKS, type TaskView } from '../../shared/schemas/project.js';
import type { Caller } from '../lib/caller.js';
import type { TransactItems } from '../data/table-operations.js';
import { BadRequestError, ConflictError, fieldError, NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';

/**
 * The steps every write of a task, milestone or note shares: the caller must be a member (any role may edit
 * projects, spec core §6); an update reads the item, refuses a stale version (409) or a missing item (404)
 * and writes the next state on condition that nobody wrote in between. Each answers the item as stored.
 */
export const notFoundMessages: Record<ChildKind | 'project', string> = {
  project: 'Project not found',
  task: 'Task not found',
  milestone: 'Milestone not found',
  note: 'Note not found',
};

export const ASSIGNEE_NOT_MEMBER = 'Assignee must be a member of this workspace';
/** The parent's check in the write failed: deleted, or made a sub-task itself, since it was read. */
export const PARENT_NOT_TOP_LEVEL = 'The parent task must be a task of its own in this project';
export const PARENT_FULL = `A task may hold at most ${MAX_SUBTASKS} sub-tasks`;
export const HOLDS_SUBTASKS = 'A task with sub-tasks cannot become a sub-task';
/** A deletion of the project was cut off after it began: deleting it again finishes it. */
const PROJECT_BEING_DELETED = 'This project is being deleted; delete it again to finish';

export function requireCurrent<T extends { version: number }>(item: T | undefined, expectedVersion: number, notFoundMessage: string): T {
  if (!item) throw new NotFoundError(notFoundMessage);
  if (item.version !== expectedVersion) throw new ConflictError();
  return item;
}

export function throwUnlessWritten(outcome: ChildWriteOutcome, notFoundMessage: string): void {
  if (outcome === 'author-not-member') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  if (outcome === 'missing') throw new NotFoundError(notFoundMessage);
  if (outcome === 'project-missing') throw new NotFoundError(notFoundMessages.project);
  if (outcome === 'project-deleting') throw new ConflictError(PROJECT_BEING_DELETED);
  if (outcome === 'stale' || outcome === 'created-exists') throw new ConflictError();
  if (outcome === 'parent-refused') throw fieldError('parentId', PARENT_NOT_TOP_LEVEL);
  if (outcome === 'parent-full') throw fieldError('parentId', PARENT_FULL);
  if (outcome === 'has-subtasks') throw fieldError('parentId', HOLDS_SUBTASKS);
  // Handled by `updateChildIn` before it gets here: the created task is written as a task of its own.
  if (outcome === 'created-parent-refused') throw new ConflictError();
  if (outcome === 'assignee-missing') throw new BadRequestError(`assignedTo: ${ASSIGNEE_NOT_MEMBER}`, [{ field: 'assignedTo', message: ASSIGNEE_NOT_MEMBER }]);
}

/** What every write stamps: the time and the next version. */
export function nextRevision(current: { version: number }, now: string): { updatedAt: string; version: number } {
  return { updatedAt: now, version: current.version + 1 };
}

/** A task's assignee, whose membership the write must check (tasks only). */
function assigneeOf(kind: ChildKind, record: ChildRecords[ChildKind]): string | null {
  return kind === 'task' && 'assignedTo' in record ? record.assignedTo : null;
}

/** Creates the child; the caller's membership is checked inside the write (data/project-children.ts). */
export async function createChildIn<K extends ChildKind>(kind: K, caller: Caller, workspaceId: string, record: ChildRecords[K]): Promise<ChildRecords[K]> {
  // The transaction checks the membership too (a member removed meanwhile writes nothing); this read is for
  // the rules a condition cannot state: a workspace's two-factor requirement of its owners and admins.
  await requireMembership(workspaceId, caller.userId);
  throwUnlessWritten(await createChild(kind, workspaceId, record, { author: caller.userId, assignee: assigneeOf(kind, record) }), notFoundMessages[kind]);
  return record;
}

/** Another task written in the same transaction, from `before` (its version read) to `after`. */
export interface AlsoWritten {
  before: TaskView;
  after: TaskView;
}

/** A task created beside the write (a next occurrence); `orphan`, the same as a task of its own, for when its parent refuses it (a parent already there). */
export interface AlsoCreated {
  task: TaskView;
  orphan?: TaskView;
}

/** Reads the child (with the caller's membership, in parallel), checks the version, writes `change`'s result. */
export async function updateChildIn<K extends ChildKind>(
  kind: K,
  caller: Caller,
  target: { workspaceId: string; projectId: string; id: string; expectedVersion: number },
  change: (current: ChildRecords[K], now: string) => ChildRecords[K],
  /** Rules that read more than the item (a task's blockers): they throw to refuse the write. */
  check?: (current: ChildRecords[K], next: ChildRecords[K]) => Promise<void>,
  /** What else the transaction writes: tasks besides this one. */
  besides: {
    /** Other tasks written too (a parent's sub-tasks completed with it), each from its version. */
    readonly along?: (next: ChildRecords[K]) => Promise<readonly AlsoWritten[]>;
    /** Tasks to create (repeating tasks' next occurrences), each if its id is new. */
    readonly alsoCreate?: (current: ChildRecords[K], next: ChildRecords[K], along: readonly AlsoWritten[]) => Promise<readonly AlsoCreated[]>;
    /**
     * Writes, once the write has landed, the created tasks that did not fit in its transaction (DynamoDB's
     * 100 items) or that it found there already: each idempotently, by its id.
     */
    readonly createAfter?: (tasks: readonly AlsoCreated[]) => Promise<void>;
  } = {},
): Promise<ChildRecords[K]> {
  const read = await readAsMember(target.workspaceId, caller.userId, () => getChild(kind, target.workspaceId, target.projectId, target.id));
  const current = requireCurrent(read, target.expectedVersion, notFoundMessages[kind]);
  const now = new Date().toISOString();
  const next = { ...change(current, now), ...nextRevision(current, now) };
  await check?.(current, next);
  const others = (await besides.along?.(next)) ?? [];
  const assignee = assigneeOf(kind, next);
  const parent = parentIdOf(kind, next);
  const parentBefore = parentIdOf(kind, current);
  const planned = (await besides.alsoCreate?.(current, next, others)) ?? [];
  const alongside = {
    counters: summed([counterDifference(kind, current, next), ...others.map((other) => counterDifference('task', other.before, other.after))]),
    newAssignee: assignee !== assigneeOf(kind, current) ? assignee : null,
    ...(parent !== parentBefore ? { ...(parent !== undefined ? { newParent: parent } : {}), ...(parentBefore !== undefined ? { oldParent: parentBefore } : {}) } : {}),
    alsoReplace: others.map((other) => ({ next: other.after, expectedVersion: other.before.version })),
    updatedBy: caller.userId,
  };
  const room = createdRoom(others.length);
  let inWrite = planned.slice(0, room);
  let after = planned.slice(room);
  const write = (created: readonly AlsoCreated[]) =>
    replaceChild(kind, target.workspaceId, next, target.expectedVersion, { ...alongside, created: created.map((item) => item.task) });
  let outcome = await write(inWrite);
  // A parent gone, completed or full meanwhile: the created sub-task becomes a task of its own (one under a
  // parent created in the same write stays: that parent is new, open and of its own).
  if (outcome === 'created-parent-refused') {
    const made = new Set(inWrite.map(({ task }) => task.id));
    inWrite = inWrite.map(({ task, orphan }) => ({ task: orphan && !(task.parentId && made.has(task.parentId)) ? orphan : task }));
    outcome = await write(inWrite);
  }
  // One of them was made by an earlier write of this one (an occurrence completed, reopened and completed
  // again): written after, each on its own, so the one there is left as it is and the others are made.
  if (outcome === 'created-exists') {
    after = [...inWrite, ...after];
    outcome = await write([]);
  }
  throwUnlessWritten(outcome, notFoundMessages[kind]);
  if (after.length > 0) await besides.createAfter?.(after);
  return next;
}

/**
 * Deletes the child only while it is as `current` was read (its version): no read again and no retry, for a
 * delete that must not take a later write with it (an undo). 'changed' when someone wrote it meanwhile;
 * other refusals throw as usual.
 */
export async function deleteChildIfUnchanged(kind: ChildKind, workspaceId: string, current: ChildRecords[ChildKind]): Promise<'deleted' | 'changed'> {
  const outcome = await deleteChild(kind, workspaceId, current);
  if (outcome === 'stale') return 'changed';
  throwUnlessWritten(outcome, notFoundMessages[kind]);
  return 'deleted';
}

const DELETE_ATTEMPTS = 3;

/**
 * Deletes the child and uncounts it, with what `along` reads for it (a task's sub-tasks) and the puts of its
 * trash entry (`trash`) in the same transaction. The delete is conditioned on the versions read (the
 * counters it takes away must be the ones they hold), so a write landing in between makes it read again and retry.
 */
export async function deleteChildIn<K extends ChildKind>(
  kind: K,
  caller: Caller,
  workspaceId: string,
  projectId: string,
  id: string,
  besides: {
    along?: (current: ChildRecords[K]) => Promise<ChildRecords[K][]>;
    trash?: (current: ChildRecords[K], along: readonly ChildRecords[K][]) => Promise<TransactItems>;
  } = {},
): Promise<void> {
  const first = await readAsMember(workspaceId, caller.userId, () => getChild(kind, workspaceId, projectId, id));
  let current = first;
  for (let attempt = 1; ; attempt += 1) {
    if (!current) throw new NotFoundError(notFoundMessages[kind]);
    const along = (await besides.along?.(current)) ?? [];
    const outcome = await deleteChild(kind, workspaceId, current, along, (await besides.trash?.(current, along)) ?? []);
    if (outcome !== 'stale' || attempt >= DELETE_ATTEMPTS) return throwUnlessWritten(outcome, notFoundMessages[kind]);
    current = await getChild(kind, workspaceId, projectId, id);
  }
}
