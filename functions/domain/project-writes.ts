import {
  createChild,
  deleteChild,
  getChild,
  replaceChild,
  type ChildKind,
  type ChildRecords,
} from '../data/project-children.js';
import type { VersionedWriteOutcome } from '../data/projects.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';

/**
 * The optimistic-locking steps every update shares: read the item, refuse a stale version (409) or a
 * missing item (404), write the next state on condition that nobody wrote in between.
 */
export const notFoundMessages: Record<ChildKind | 'project', string> = {
  project: 'Project not found',
  task: 'Task not found',
  milestone: 'Milestone not found',
  note: 'Note not found',
};

export function requireCurrent<T extends { version: number }>(item: T | undefined, expectedVersion: number, notFoundMessage: string): T {
  if (!item) throw new NotFoundError(notFoundMessage);
  if (item.version !== expectedVersion) throw new ConflictError();
  return item;
}

export function throwUnlessWritten(outcome: VersionedWriteOutcome | 'project-missing', notFoundMessage: string): void {
  if (outcome === 'missing') throw new NotFoundError(notFoundMessage);
  if (outcome === 'project-missing') throw new NotFoundError(notFoundMessages.project);
  if (outcome === 'stale') throw new ConflictError();
}

/** What every write stamps: the time and the next version. */
export function nextRevision(current: { version: number }, now: string): { updatedAt: string; version: number } {
  return { updatedAt: now, version: current.version + 1 };
}

export async function createChildIn<K extends ChildKind>(kind: K, workspaceId: string, record: ChildRecords[K]): Promise<ChildRecords[K]> {
  throwUnlessWritten(await createChild(kind, workspaceId, record), notFoundMessages[kind]);
  return record;
}

/** Reads the child, checks the version, applies `change` and writes the result with the next revision. */
export async function updateChildIn<K extends ChildKind>(
  kind: K,
  target: { workspaceId: string; projectId: string; id: string; expectedVersion: number },
  change: (current: ChildRecords[K], now: string) => ChildRecords[K],
): Promise<ChildRecords[K]> {
  const current = requireCurrent(
    await getChild(kind, target.workspaceId, target.projectId, target.id),
    target.expectedVersion,
    notFoundMessages[kind],
  );
  const now = new Date().toISOString();
  const next = { ...change(current, now), ...nextRevision(current, now) };
  throwUnlessWritten(await replaceChild(kind, target.workspaceId, next, target.expectedVersion), notFoundMessages[kind]);
  return next;
}

export async function deleteChildIn(kind: ChildKind, workspaceId: string, projectId: string, id: string): Promise<void> {
  if (!(await deleteChild(kind, workspaceId, projectId, id))) throw new NotFoundError(notFoundMessages[kind]);
}
