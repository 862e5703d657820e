import { randomUUID } from 'node:crypto';
import { overLabelled, withBulkChange } from '../../shared/rules/bulk-change.js';
import { counterDifference } from '../../shared/rules/project-counters.js';
import { positionAfterLast } from '../../shared/rules/position.js';
import { withParent } from '../../shared/rules/subtasks.js';
import { blockersFollowing, withBlockers } from '../../shared/rules/task-blockers.js';
import { applyCompletion } from '../../shared/rules/task-completion.js';
import { withLabels } from '../../shared/rules/task-labels.js';
import { MAX_LABELS_PER_TASK, type TaskView } from '../../shared/schemas/project.js';
import type {
  BulkDeleteTasksInput,
  BulkDeleteTasksResponse,
  BulkMoveTasksInput,
  BulkMoveTasksResponse,
  RestoreDeletedTasksInput,
  RestoreDeletedTasksResponse,
  RestoreMovedTasksInput,
  BulkRestoreTasksInput,
  BulkTaskRef,
  BulkUpdateTasksInput,
  BulkUpdateTasksResponse,
} from '../../shared/schemas/task-bulk.js';
import { batchGetItems } from '../data/batch-get.js';
import { keys } from '../data/keys.js';
import { listLabels } from '../data/labels.js';
import { getMembership } from '../data/membership.js';
import { batchDeleteKeys } from '../data/table-operations.js';
import { getWorkspace } from '../data/workspace.js';
import { deleteExtrasOfTasks } from '../data/task-extras.js';
import {
  listDeletedTasks,
  listTaskPlaces,
  MAX_SUBTASKS_DELETED_WITH_COPIES,
  parseChild,
  taskDeletion,
  taskRestoration,
  taskRelocation,
  taskReplacement,
  writeTaskGroupsIfCurrent,
  type TaskGroupWrite,
  type TaskReplacement,
} from '../data/project-children.js';
import { getProject } from '../data/projects.js';
import type { Caller } from '../lib/caller.js';
import { fieldError, NotFoundError } from '../lib/errors.js';
import { readAsMember } from './authorize.js';
import { checkTaskLabels } from './labels.js';
import { ASSIGNEE_NOT_MEMBER, nextRevision, type AlsoWritten } from './project-writes.js';
import { subtasksGoingWithEach } from './subtasks.js';
import { followMovedBlockers } from './task-blockers.js';
import { nextOccurrences, settleNextOccurrences } from './tasks.js';

/**
 * A bulk edit (issue 36): the same change on every selected task. Nothing is written when a task is not of
 * this workspace, a label or the assignee is not, or a task would carry too many labels.
 */
export function bulkUpdateTasksFor(caller: Caller, workspaceId: string, { tasks, change }: BulkUpdateTasksInput): Promise<BulkUpdateTasksResponse> {
  return writeSelection(caller, workspaceId, tasks, async () => {
    await checkTaskLabels(workspaceId, undefined, change.addLabelIds, 'change.addLabelIds');
    await checkMember(workspaceId, change.assignedTo, 'change.assignedTo');
    return (task, _ref, now) => withBulkChange(task, change, now);
  }, change.completed !== undefined ? 'change.completed' : 'change.status');
}

/**
 * The Undo of a bulk edit: each task gets back the fields it had, if it is still at the version the edit
 * gave it, with its status and completion when the edit changed them (a task completed again keeps the
 * completion time it had). Labels deleted since are not put back (nobody would see them); an assignee no
 * longer a member refuses the whole undo, as does completing again a task whose blockers are open.
 */
export function restoreTasksFor(caller: Caller, workspaceId: string, { tasks }: BulkRestoreTasksInput): Promise<BulkUpdateTasksResponse> {
  return writeSelection(caller, workspaceId, tasks, async () => {
    const assignees = new Set(tasks.map((task) => task.fields.assignedTo));
    for (const [index, task] of tasks.entries()) {
      if (assignees.delete(task.fields.assignedTo)) await checkMember(workspaceId, task.fields.assignedTo, `tasks.${index}.fields.assignedTo`);
    }
    const labels = new Set((await listLabels(workspaceId)).map((label) => label.id));
    return (task, { fields: { labelIds, status, completed, completedAt, ...fields } }, now) => {
      const completion = applyCompletion(task, { status, completed }, now);
      // A task completed again gets the completion time it had (the undo of a reopening is not a new completion).
      const restored = { ...completion, ...(completion.completed && !task.completed && completedAt ? { completedAt } : {}) };
      return withLabels({ ...task, ...fields, ...restored }, labelIds.filter((id) => labels.has(id)));
    };
  }, 'tasks');
}

async function checkMember(workspaceId: string, userId: string | null | undefined, field: string): Promise<void> {
  if (userId && !(await getMembership(workspaceId, userId))) throw fieldError(field, ASSIGNEE_NOT_MEMBER);
}

/**
 * A bulk delete (issue 36): each selected task still at the version shown goes, with its sub-tasks as a
 * single delete takes them (`subtasksGoingWith`'s rule), in TransactWrites of up to 100 items that uncount
 * them from their projects; a task and its sub-tasks go together or not at all. A selected sub-task whose
 * parent goes too goes with it. A task changed meanwhile stays (with its sub-tasks) and is answered in `left`.
 */
export async function bulkDeleteTasksFor(caller: Caller, workspaceId: string, { tasks }: BulkDeleteTasksInput): Promise<BulkDeleteTasksResponse> {
  const current = await readSelection(caller, workspaceId, tasks);
  const unchanged = current.filter(({ ref, task }) => task.version === ref.version).map(({ task }) => task);
  const ids = new Set(unchanged.map((task) => task.id));
  const deleting = unchanged.filter((task) => task.parentId === undefined || !ids.has(task.parentId));
  const along = await subtasksGoingWithEach(workspaceId, deleting);
  const crowded = deleting.find((task) => (along.get(task.id) ?? []).length > MAX_SUBTASKS_DELETED_WITH_COPIES);
  if (crowded) {
    const index = tasks.findIndex((ref) => ref.taskId === crowded.id && ref.projectId === crowded.projectId);
    throw fieldError(`tasks.${index}.taskId`, `${crowded.title}: ${TOO_MANY_SUBTASKS_TO_DELETE}`);
  }
  const undoId = randomUUID();
  const refused = await writeTaskGroupsIfCurrent(workspaceId, deleting.map((task) => taskDeletion(workspaceId, task, along.get(task.id) ?? [], undoId)));
  const gone = deleting.filter((task) => !refused.has(task.id)).flatMap((task) => [task, ...(along.get(task.id) ?? [])]);
  const goneIds = new Set(gone.map((task) => task.id));
  // Their comments go now: an Undo brings the tasks back without them (their counts cleared, taskRestoration).
  await deleteExtrasOfTasks(workspaceId, [...goneIds]);
  return {
    deleted: gone.map((task) => ({ projectId: task.projectId, taskId: task.id })),
    left: leftOf(current.filter(({ task }) => !goneIds.has(task.id))),
    ...(gone.length > 0 ? { undoId } : {}),
  };
}

const TOO_MANY_SUBTASKS_TO_DELETE = `a task with more than ${MAX_SUBTASKS_DELETED_WITH_COPIES} sub-tasks cannot be deleted in a bulk delete (delete it on its own)`;

/**
 * The Undo of a bulk delete: the tasks it took made again from the server's copies under `undoId` (this
 * workspace's only: the key holds it; 404 when there are none, unknown, expired or used). Each task goes
 * back with the sub-tasks deleted with it, or not at all: an id taken again, a project gone or being
 * deleted, or a sub-task's parent gone skips it (answered in `skipped`). The copies are then deleted, so
 * an Undo works once.
 */
export async function restoreDeletedTasksFor(caller: Caller, workspaceId: string, { undoId }: RestoreDeletedTasksInput): Promise<RestoreDeletedTasksResponse> {
  const copies = await readAsMember(workspaceId, caller.userId, () => listDeletedTasks(workspaceId, undoId));
  if (copies.length === 0) throw new NotFoundError('Nothing to undo: unknown, expired or already undone');
  const ids = new Set(copies.map(({ task }) => task.id));
  const heads = copies.filter(({ task }) => task.parentId === undefined || !ids.has(task.parentId));
  const groups = heads.map((head) => [head, ...copies.filter(({ task }) => task.parentId === head.task.id && head.task.parentId === undefined)]);
  const refused = await writeTaskGroupsIfCurrent(workspaceId, groups.map((group) => taskRestoration(workspaceId, group, caller.userId)));
  await batchDeleteKeys(copies.map(({ key }) => key));
  const [restored, skipped] = [groups.filter(([head]) => head && !refused.has(head.task.id)).flat(), groups.filter(([head]) => head && refused.has(head.task.id)).flat()];
  return {
    restored: restored.map(({ task }) => task),
    skipped: skipped.map(({ task }) => ({ projectId: task.projectId, taskId: task.id })),
  };
}

/**
 * A bulk move (issue 36) to another project of the workspace (400 naming `projectId` when it is not one):
 * each selected task still at the version shown goes with its sub-tasks (as a delete takes them), at the end
 * of its column there; a sub-task moved without its parent becomes a task of its own (a parent is of the same
 * project), at the end of its column. Labels and assignee stay (the same workspace's). Tasks already there
 * are left alone; a task changed meanwhile stays and is answered in `left`.
 */
export function bulkMoveTasksFor(caller: Caller, workspaceId: string, { tasks, projectId }: BulkMoveTasksInput): Promise<BulkMoveTasksResponse> {
  return moveSelection(caller, workspaceId, tasks, () => ({ projectId, field: 'projectId' }));
}

/** The Undo of a bulk move: each task back to its project, place and parent (checked in the write), with its sub-tasks. */
export function restoreMovedTasksFor(caller: Caller, workspaceId: string, { tasks }: RestoreMovedTasksInput): Promise<BulkMoveTasksResponse> {
  return moveSelection(caller, workspaceId, tasks, (ref, index) => ({ ...ref.back, field: `tasks.${index}.back.projectId` }));
}

/**
 * The most sub-tasks that move with their parent: a move deletes and puts each (2 items), with the two
 * projects' counters, in one transaction of at most 100 items.
 */
const MAX_SUBTASKS_MOVED = 48;
const TOO_MANY_SUBTASKS_TO_MOVE = `a task with more than ${MAX_SUBTASKS_MOVED} sub-tasks cannot be moved in one go`;

interface MoveTarget {
  projectId: string;
  /** Where the task goes (an Undo's place); the end of its column when absent. */
  position?: number;
  /** The parent it gets there (an Undo's); none: a task of its own. */
  parentId?: string;
  /** The field a target not of this workspace is refused on. */
  field: string;
}

async function moveSelection<Ref extends BulkTaskRef>(
  caller: Caller,
  workspaceId: string,
  refs: readonly Ref[],
  targetOf: (ref: Ref, index: number) => MoveTarget,
): Promise<BulkMoveTasksResponse> {
  const current = (await readSelection(caller, workspaceId, refs)).map((selected, index) => ({ ...selected, index, to: targetOf(selected.ref, index) }));
  const targets = [...new Map(current.map(({ to }) => [to.projectId, to])).values()];
  const places = new Map(
    await Promise.all(
      targets.map(async (to) => {
        if (!(await getProject(workspaceId, to.projectId))) throw fieldError(to.field, 'Not a project of this workspace');
        return [to.projectId, await listTaskPlaces(workspaceId, to.projectId)] as const;
      }),
    ),
  );
  const moving = current.filter(({ ref, task, to }) => task.version === ref.version && task.projectId !== to.projectId);
  const ids = new Set(moving.map(({ task }) => task.id));
  // A selected sub-task whose parent moves too goes with it.
  const selectedHeads = moving.filter(({ task }) => task.parentId === undefined || !ids.has(task.parentId));
  const along = await subtasksGoingWithEach(workspaceId, selectedHeads.map(({ task }) => task));
  // An Undo giving back a parent to a task that holds sub-tasks since would nest them two deep: it stays (in `left`).
  const heads = selectedHeads.filter(({ task, to }) => to.parentId === undefined || (along.get(task.id) ?? []).length === 0);
  const crowded = heads.find(({ task }) => (along.get(task.id) ?? []).length > MAX_SUBTASKS_MOVED);
  if (crowded) throw fieldError(`tasks.${crowded.index}.taskId`, `${crowded.task.title}: ${TOO_MANY_SUBTASKS_TO_MOVE}`);
  const now = new Date().toISOString();
  // A moved task waiting for another moved one names that one's new project in the same write.
  const bound = new Map(heads.flatMap(({ task, to }) => [task, ...(along.get(task.id) ?? [])].map((moved) => [moved.id, to.projectId] as const)));
  const groups = heads.map(({ task, to }) => {
    const columns = places.get(to.projectId) ?? [];
    const position = to.position ?? positionAfterLast(columns.filter((place) => place.status === task.status).map((place) => place.position));
    columns.push({ status: task.status, position });
    const movedTo = (before: TaskView, parentId: string | null, place: number) => ({
      before,
      after: withBlockers({ ...withParent(before, parentId), projectId: to.projectId, position: place, ...nextRevision(before, now) }, blockersFollowing(before.blockedBy, bound)),
    });
    return [movedTo(task, to.parentId ?? null, position), ...(along.get(task.id) ?? []).map((subtask) => movedTo(subtask, task.id, subtask.position))];
  });
  const refused = await writeTaskGroupsIfCurrent(workspaceId, groups.map((moves) => taskRelocation(workspaceId, moves, caller.userId)));
  const moved = groups.filter(([head]) => head && !refused.has(head.before.id)).flat();
  const movedIds = new Set(moved.map(({ after }) => after.id));
  // The tasks waiting for a moved task follow it to its new project (its Undo brings their refs back the same
  // way); a moved task waiting for one whose group was refused names that one's project again.
  const placed = new Map(groups.flat().map(({ before, after }) => [after.id, movedIds.has(after.id) ? after.projectId : before.projectId]));
  const followed = await followMovedBlockers(workspaceId, placed, caller.userId);
  return {
    moved: moved.map(({ before, after }) => ({ fromProjectId: before.projectId, task: followed.get(after.id) ?? after })),
    left: leftOf(current.filter(({ task, to }) => !movedIds.has(task.id) && task.projectId !== to.projectId)),
  };
}

/**
 * Reads the selected tasks in BatchGets beside the caller's membership (an outsider gets 404 and learns
 * nothing more); one not found in this workspace refuses the whole request (400 naming it).
 */
async function readSelection<Ref extends BulkTaskRef>(caller: Caller, workspaceId: string, refs: readonly Ref[]): Promise<{ ref: Ref; task: TaskView }[]> {
  const items = await readAsMember(workspaceId, caller.userId, () =>
    batchGetItems(refs.map((ref) => keys.projectItem('task', workspaceId, ref.projectId, ref.taskId))),
  );
  const found = new Map(items.map((item) => parseChild('task', item)).map((task) => [`${task.projectId}/${task.id}`, task]));
  return refs.map((ref, index) => {
    const task = found.get(`${ref.projectId}/${ref.taskId}`);
    // One of another workspace (or project) is simply not found here.
    if (!task) throw fieldError(`tasks.${index}.taskId`, 'Not a task of this workspace');
    return { ref, task };
  });
}

/** The selected tasks answered as left: someone changed them meanwhile, and they keep that change. */
const leftOf = (selected: readonly { ref: BulkTaskRef }[]): BulkDeleteTasksResponse['left'] =>
  selected.map(({ ref }) => ({ projectId: ref.projectId, taskId: ref.taskId, reason: 'changed' as const }));

/**
 * Reads the selection (`readSelection`), runs the checks `prepare` makes and answers how to change a task,
 * then writes the tasks in TransactWrites of up to 100, each only if still at the version the browser
 * showed, with the counters of the projects whose tasks it completes or reopens. A task changed meanwhile
 * (before the read or the write) keeps that change and is answered in `left`.
 */
async function writeSelection<Ref extends BulkTaskRef>(
  caller: Caller,
  workspaceId: string,
  refs: readonly Ref[],
  prepare: () => Promise<(task: TaskView, ref: Ref, now: string) => TaskView>,
  completionField: string,
): Promise<BulkUpdateTasksResponse> {
  const current = await readSelection(caller, workspaceId, refs);
  const nextOf = await prepare();
  const now = new Date().toISOString();
  const writes = current
    .filter(({ ref, task }) => task.version === ref.version)
    .map(({ ref, task }) => {
      const next = { ...nextOf(task, ref, now), ...nextRevision(task, now) };
      return { before: task, next, expectedVersion: task.version, counters: counterDifference('task', task, next) };
    });
  await checkCompletions(workspaceId, writes, completionField);
  const crowded = overLabelled(writes.map(({ next }) => next));
  if (crowded.length > 0) {
    throw fieldError('change.addLabelIds', `A task may have at most ${MAX_LABELS_PER_TASK} labels: ${crowded.map((task) => task.title).join(', ')}`);
  }
  const refused = new Set<string>();
  // The sub-tasks whose next occurrence goes under a parent, once the parents' writes (making their next occurrences) have landed.
  for (const groups of await withNextOccurrences(caller, workspaceId, writes)) {
    for (const id of await writeTaskGroupsIfCurrent(workspaceId, groups)) refused.add(id);
  }
  // As a single completion or reopening does: the next occurrence's sub-task copies, or its withdrawal.
  const turned = writes.filter(({ before, next }) => next.repeat && before.completed !== next.completed && !refused.has(next.id));
  await settleNextOccurrences(caller, workspaceId, turned.map(({ next }) => ({ turn: next.completed ? 'completed' : 'reopened', task: next })));
  return {
    changed: writes.map(({ next }) => next).filter((task) => !refused.has(task.id)),
    left: leftOf(current.filter(({ ref, task }) => task.version !== ref.version || refused.has(task.id))),
  };
}

/**
 * Each task's write, with the next occurrence of a repeating task it completes made in the same transaction
 * (`nextOccurrences`, the single completion's rule and derived ids, counted in the 100 items, planned for the
 * whole selection at once): one there already (from an earlier completion of the same occurrence) is not
 * made again. A selected sub-task completed with its selected parent is planned as a single completion of
 * the parent with its sub-tasks is. Answered in two rounds: first the writes whose next occurrence (if any)
 * goes on the board, then those whose next occurrence goes under a parent (its own, or the parent's next
 * occurrence made in the first round), checked in the write, else written on the board.
 */
async function withNextOccurrences(caller: Caller, workspaceId: string, writes: readonly (TaskReplacement & { before: TaskView })[]): Promise<TaskGroupWrite[][]> {
  const completing = new Set(writes.filter(({ before, next }) => next.completed && !before.completed).map(({ next }) => next.id));
  const completedAlong = ({ next }: TaskReplacement) => completing.has(next.id) && next.parentId !== undefined && completing.has(next.parentId);
  const along = new Map<string, AlsoWritten[]>();
  for (const { before, next } of writes.filter(completedAlong)) {
    const siblings = along.get(next.parentId ?? '');
    if (siblings) siblings.push({ before, after: next });
    else along.set(next.parentId ?? '', [{ before, after: next }]);
  }
  const heads = writes.filter((write) => !completedAlong(write));
  const planned = await nextOccurrences(caller, workspaceId, heads.map(({ before, next }) => [{ before, after: next }, ...(along.get(next.id) ?? [])]));
  const made = [...planned.values()].map(({ task }) => task);
  const there = new Set((await batchGetItems(made.map((task) => keys.projectItem('task', workspaceId, task.projectId, task.id)))).map((item) => parseChild('task', item).id));
  const groups = writes.map((write) => {
    const occurrence = planned.get(write.next.id);
    return taskReplacement(workspaceId, write, caller.userId, occurrence && !there.has(occurrence.task.id) ? occurrence : undefined);
  });
  const underParent = (group: TaskGroupWrite) => (group.subtaskCounts ?? []).some((move) => move.checked);
  return [groups.filter((group) => !underParent(group)), groups.filter(underParent)];
}

/**
 * The rule of completing, for the tasks a bulk write completes (400 on `field`, nothing written): with the
 * workspace's "a task can't be completed while a blocker is open" on, a task whose blockers are open is
 * refused, unless this same write completes them. One read of the workspace and BatchGets of the blockers.
 */
async function checkCompletions(workspaceId: string, writes: readonly { before: TaskView; next: TaskView }[], field: string): Promise<void> {
  const completing = writes.filter(({ before, next }) => next.completed && !before.completed).map(({ next }) => next);
  const blocked = completing.filter((task) => (task.blockedBy ?? []).length > 0);
  if (blocked.length === 0 || !(await getWorkspace(workspaceId))?.blockersMustBeDone) return;
  const completed = new Set(completing.map((task) => task.id));
  const refs = [...new Map(blocked.flatMap((task) => task.blockedBy ?? []).filter((ref) => !completed.has(ref.taskId)).map((ref) => [ref.taskId, ref])).values()];
  const blockers = (await batchGetItems(refs.map((ref) => keys.projectItem('task', workspaceId, ref.projectId, ref.taskId)))).map((item) => parseChild('task', item));
  const open = new Set(blockers.filter((blocker) => !blocker.completed).map((blocker) => blocker.id));
  const stillBlocked = blocked.filter((task) => (task.blockedBy ?? []).some((ref) => open.has(ref.taskId)));
  if (stillBlocked.length > 0) throw fieldError(field, `${BLOCKED_BULK_COMPLETION}: ${titlesOf(stillBlocked)}`);
}

const BLOCKED_BULK_COMPLETION = 'These tasks wait for open tasks blocking them';

const titlesOf = (tasks: readonly TaskView[]) => tasks.map((task) => task.title).join(', ');
