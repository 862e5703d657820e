import { overLabelled, withBulkChange } from '../../shared/rules/bulk-change.js';
import { MAX_LABELS_PER_TASK } from '../../shared/schemas/project.js';
import type { BulkUpdateTasksInput, BulkUpdateTasksResponse } from '../../shared/schemas/task-bulk.js';
import { batchGetItems } from '../data/batch-get.js';
import { keys } from '../data/keys.js';
import { getMembership } from '../data/membership.js';
import { parseChild, replaceTasksIfCurrent } from '../data/project-children.js';
import type { Caller } from '../lib/caller.js';
import { fieldError } from '../lib/errors.js';
import { readAsMember } from './authorize.js';
import { checkTaskLabels } from './labels.js';
import { ASSIGNEE_NOT_MEMBER, nextRevision } from './project-writes.js';

/**
 * A bulk edit (issue 36): the selected tasks are read in BatchGets beside the caller's membership, the
 * change checked once (nothing is written when a task is not of this workspace, a label or the assignee is
 * not, or a task would carry too many labels), then written in TransactWrites of up to 100, each task only
 * if still at the version the browser showed. A task changed meanwhile (at the read or the write) keeps
 * that change and is answered in `left`.
 */
export async function bulkUpdateTasksFor(caller: Caller, workspaceId: string, input: BulkUpdateTasksInput): Promise<BulkUpdateTasksResponse> {
  const { tasks: refs, change } = input;
  const items = await readAsMember(workspaceId, caller.userId, () =>
    batchGetItems(refs.map((ref) => keys.projectItem('task', workspaceId, ref.projectId, ref.taskId))),
  );
  const found = new Map(items.map((item) => parseChild('task', item)).map((task) => [`${task.projectId}/${task.id}`, task]));
  const current = refs.map((ref, index) => {
    const task = found.get(`${ref.projectId}/${ref.taskId}`);
    // One of another workspace (or project) is simply not found here.
    if (!task) throw fieldError(`tasks.${index}.taskId`, 'Not a task of this workspace');
    return { ref, task };
  });
  await checkTaskLabels(workspaceId, undefined, change.addLabelIds, 'change.addLabelIds');
  if (change.assignedTo && !(await getMembership(workspaceId, change.assignedTo))) throw fieldError('change.assignedTo', ASSIGNEE_NOT_MEMBER);

  const now = new Date().toISOString();
  const unchangedMeanwhile = current.filter(({ ref, task }) => task.version === ref.version);
  const writes = unchangedMeanwhile.map(({ task }) => ({ next: { ...withBulkChange(task, change), ...nextRevision(task, now) }, expectedVersion: task.version }));
  const crowded = overLabelled(writes.map(({ next }) => next));
  if (crowded.length > 0) {
    throw fieldError('change.addLabelIds', `A task may have at most ${MAX_LABELS_PER_TASK} labels: ${crowded.map((task) => task.title).join(', ')}`);
  }
  const refused = await replaceTasksIfCurrent(workspaceId, writes, caller.userId);
  return {
    changed: writes.map(({ next }) => next).filter((task) => !refused.has(task.id)),
    left: current
      .filter(({ ref, task }) => task.version !== ref.version || refused.has(task.id))
      .map(({ ref }) => ({ projectId: ref.projectId, taskId: ref.taskId, reason: 'changed' as const })),
  };
}
