import { randomUUID } from 'node:crypto';
import { LABEL_NAME_TAKEN, MAX_LABELS_PER_WORKSPACE, type CreateLabelInput, type LabelView, type UpdateLabelInput } from '../../shared/schemas/label.js';
import { createLabel, deleteLabel, getLabel, listLabels, removeLabelFromTasks, replaceLabel, type LabelWriteOutcome } from '../data/labels.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, fieldError, NotFoundError } from '../lib/errors.js';
import { MANAGING_ROLES, readAsMember, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';
import { nextRevision, requireCurrent } from './project-writes.js';

/**
 * Labels (issue 36): any member of the workspace lists them and applies them to tasks; owners and admins
 * create, change and delete them. Deleting a label takes it off every task first.
 */
const LABEL_NOT_FOUND = 'Label not found';
const LABELS_FULL = `A workspace may have at most ${MAX_LABELS_PER_WORKSPACE} labels`;

/** A refused label write as its HTTP error. */
function throwRefusal(outcome: LabelWriteOutcome): void {
  if (outcome === 'no-workspace') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  if (outcome === 'name-taken') throw fieldError('name', LABEL_NAME_TAKEN);
  if (outcome === 'full') throw fieldError('name', LABELS_FULL);
  if (outcome === 'missing') throw new NotFoundError(LABEL_NOT_FOUND);
  if (outcome === 'stale') throw new ConflictError();
}

export function listLabelsFor(caller: Caller, workspaceId: string): Promise<LabelView[]> {
  return readAsMember(workspaceId, caller.userId, () => listLabels(workspaceId));
}

/** A new label, while the workspace has fewer than its limit: counted in the write, so labels made at once cannot pass it. */
export async function createLabelFor(caller: Caller, workspaceId: string, input: CreateLabelInput): Promise<LabelView> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const now = new Date().toISOString();
  const label: LabelView = { id: randomUUID(), workspaceId, ...input, createdAt: now, updatedAt: now, version: 1 };
  throwRefusal(await createLabel(label));
  return label;
}

/** Changes only the fields sent, if nobody changed the label since the caller read it (else 409). */
export async function updateLabelFor(caller: Caller, workspaceId: string, labelId: string, input: UpdateLabelInput): Promise<LabelView> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const { version, ...fields } = input;
  const current = requireCurrent(await getLabel(workspaceId, labelId), version, LABEL_NOT_FOUND);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const next: LabelView = { ...current, ...changes, ...nextRevision(current, new Date().toISOString()) };
  throwRefusal(await replaceLabel(current, next, version));
  return next;
}

/**
 * Takes the label off its tasks, then deletes it. A task that kept changing while that ran keeps the label
 * and the label stays (409): deleting it again finishes the job.
 */
export async function deleteLabelFor(caller: Caller, workspaceId: string, labelId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const label = await getLabel(workspaceId, labelId);
  if (!label) throw new NotFoundError(LABEL_NOT_FOUND);
  if ((await removeLabelFromTasks(workspaceId, labelId, caller.userId)).length > 0) {
    throw new ConflictError('Some of its tasks kept changing; delete the label again to finish');
  }
  throwRefusal(await deleteLabel(label));
}

/**
 * Refuses (400, field labelIds) a task's labels when one it newly names is not a label of this workspace
 * (one of another workspace is simply not found here). Labels it already had pass: one deleted while the
 * task was being written stays harmless, shown by nobody.
 */
export async function checkTaskLabels(
  workspaceId: string,
  before: readonly string[] | undefined,
  after: readonly string[] | undefined,
  field = 'labelIds',
): Promise<void> {
  const added = (after ?? []).filter((id) => !(before ?? []).includes(id));
  if (added.length === 0) return;
  const known = new Set((await listLabels(workspaceId)).map((label) => label.id));
  const unknown = added.filter((id) => !known.has(id));
  if (unknown.length > 0) throw fieldError(field, `Not a label of this workspace: ${unknown.join(', ')}`);
}
