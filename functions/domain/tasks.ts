import { createHash, randomUUID } from 'node:crypto';
import { positionAfterLast } from '../../shared/rules/position.js';
import { applyCompletion } from '../../shared/rules/task-completion.js';
import { sameBlockers, withBlockers } from '../../shared/rules/task-blockers.js';
import { withLabels } from '../../shared/rules/task-labels.js';
import { withOptional } from '../../shared/rules/optional-field.js';
import { withPin } from '../../shared/rules/task-pin.js';
import { completionDay, nextDueDate, nextOccurrenceOf, occurrenceHome, repeatKeptToDay, repeatRuleProblem, subtasksCarried, withSeries } from '../../shared/rules/repeat.js';
import { withParent } from '../../shared/rules/subtasks.js';
import type { CreateTaskInput, MoveTaskInput, TaskRepeat, TaskView, UpdateTaskInput } from '../../shared/schemas/project.js';
import { BadRequestError } from '../lib/errors.js';
import type { ListTasksQuery, TaskPage } from '../../shared/schemas/task-index.js';
import { batchGetItems } from '../data/batch-get.js';
import { keys } from '../data/keys.js';
import { createChild, deleteChild, listProjectSubtasks, listTaskPlaces, parseChild, type ChildWriteOutcome } from '../data/project-children.js';
import { getMembership } from '../data/membership.js';
import { indexQueryFor } from '../data/task-index.js';
import type { Caller } from '../lib/caller.js';
import { readAsMember } from './authorize.js';
import { readIndexPage } from './index-pages.js';
import { createChildIn, deleteChildIn, updateChildIn, type AlsoCreated, type AlsoWritten } from './project-writes.js';
import { checkBlockers, checkCompletable } from './task-blockers.js';
import { checkTaskLabels } from './labels.js';
import { completingSubtasks, placeOnBoard, placeUnderParent, subtasksGoingWith } from './subtasks.js';
import { countMetric } from '../lib/metrics.js';
import { deleteExtrasOfTasks } from '../data/task-extras.js';
import { withMemberMentions } from './mentions.js';

/**
 * New tasks start open in To Do unless sent otherwise; a new card goes after the last one of its column
 * (a new sub-task after its last sibling) unless the client (which has the board) sends its place. An
 * assignee must be a member of the workspace, and a parent a task of its own in the project: both checked
 * in the write's own transaction too. Blockers must be tasks of the workspace.
 */
export async function createTaskFor(caller: Caller, workspaceId: string, projectId: string, input: CreateTaskInput): Promise<TaskView> {
  const now = new Date().toISOString();
  const completion = applyCompletion({ status: 'todo', completed: false, completedAt: null }, { status: input.status }, now);
  checkRepeat(input.repeat);
  await checkBlockers(workspaceId, undefined, input.blockedBy ?? []);
  // An outsider is told 404, not what the workspace's labels are.
  if (input.labelIds?.length) await readAsMember(workspaceId, caller.userId, () => checkTaskLabels(workspaceId, undefined, input.labelIds));
  const subtaskPlace = input.parentId === undefined ? undefined : await placeUnderParent(workspaceId, projectId, undefined, input.parentId);
  const position =
    input.position ??
    subtaskPlace ??
    positionAfterLast(
      (await listTaskPlaces(workspaceId, projectId)).filter((place) => place.status === completion.status).map((place) => place.position),
    );
  const task = await createChildIn('task', caller, workspaceId, {
    id: randomUUID(),
    projectId,
    title: input.title,
    description: (await withMemberMentions(workspaceId, input.description)).text,
    ...completion,
    priority: input.priority,
    dueDate: input.dueDate,
    timeEstimate: input.timeEstimate,
    assignedTo: input.assignedTo,
    createdBy: caller.userId,
    createdAt: now,
    updatedAt: now,
    position,
    version: 1,
    ...withBlockers({}, input.blockedBy),
    ...withLabels({}, input.labelIds),
    ...(input.repeat ? { repeat: input.repeat } : {}),
    ...withParent({}, input.parentId),
  });
  countMetric('TasksCreated');
  return task;
}

/**
 * Changes only the fields sent; `completed` and `status` follow the completion rules (spec core §4). A new
 * parent puts the task after its last sub-task, a promotion (`parentId: null`) at the end of the board; with
 * `completeSubtasks`, completing a task completes its open sub-tasks in the same transaction.
 */
export async function updateTaskFor(caller: Caller, workspaceId: string, projectId: string, taskId: string, input: UpdateTaskInput): Promise<TaskView> {
  return (await editTask(caller, { workspaceId, projectId, taskId }, input)).task;
}

/** `updateTaskFor`, answering also the sub-tasks it completed along (`completeSubtasks`) as written: the assistant's Undo reopens them. */
export function updateTaskWithSubtasksFor(caller: Caller, workspaceId: string, projectId: string, taskId: string, input: UpdateTaskInput): Promise<EditedTask> {
  return editTask(caller, { workspaceId, projectId, taskId }, input);
}

interface EditedTask {
  task: TaskView;
  /** The sub-tasks completed with it, each from its version before to its state after. */
  completedSubtasks: readonly AlsoWritten[];
}

/**
 * An undo: puts fields back as they were, and a task completed again gets the completion time it had (the
 * undo of a reopening is not a new completion, for "this week" or the team's feed).
 */
export async function restoreTaskFor(
  caller: Caller,
  target: { workspaceId: string; projectId: string; taskId: string },
  input: UpdateTaskInput,
  completedAt: string | null | undefined,
): Promise<TaskView> {
  return (await editTask(caller, target, input, completedAt ?? undefined)).task;
}

async function editTask(
  caller: Caller,
  { workspaceId, projectId, taskId }: { workspaceId: string; projectId: string; taskId: string },
  input: UpdateTaskInput,
  completedAtBefore?: string,
): Promise<EditedTask> {
  const { version, status, completed, pinned, blockedBy, labelIds, repeat, skipOccurrence, occurrenceOnly, parentId, completeSubtasks, ...edited } = input;
  // Mentions in a description (issue 37) are kept for members only, as in comments.
  const fields = edited.description === undefined ? edited : { ...edited, description: (await withMemberMentions(workspaceId, edited.description)).text };
  const completing = completingSubtasks(workspaceId, completeSubtasks);
  let completedSubtasks: readonly AlsoWritten[] = [];
  checkRepeat(repeat);
  // Where the task goes if its parent changes (read before the task: the parent's checks need only its id).
  const placeIfMoved = parentId === undefined ? undefined : await (parentId === null ? placeOnBoard(workspaceId, projectId) : placeUnderParent(workspaceId, projectId, taskId, parentId));
  const follows = nextOccurrenceFollows(caller, workspaceId);
  const written = await updateChildIn(
    'task',
    caller,
    { workspaceId, projectId, id: taskId, expectedVersion: version },
    (current, now) => {
      const completion = applyCompletion(current, { status, completed }, now);
      const next = { ...current, ...fields, ...completion, ...(completion.completed && !current.completed && completedAtBefore ? { completedAt: completedAtBefore } : {}) };
      const moved = placeIfMoved !== undefined && (parentId ?? undefined) !== current.parentId;
      const placed = withParent(withBlockers(withPin({ ...next, ...(moved ? { position: placeIfMoved } : {}) }, pinned), blockedBy), parentId);
      return withSeries(current, withSkip(withOptional(withLabels(placed, labelIds), 'repeat', repeat), skipOccurrence), occurrenceOnly === true);
    },
    async (current, next) => {
      follows.note(current, next);
      await checkTaskLabels(workspaceId, current.labelIds, next.labelIds);
      if (!sameBlockers(current.blockedBy, next.blockedBy)) await checkBlockers(workspaceId, taskId, next.blockedBy ?? []);
      if (next.completed && !current.completed) await checkCompletable(workspaceId, next);
    },
    {
      along: async (next) => {
        completedSubtasks = await completing(next);
        return completedSubtasks;
      },
      ...follows.occurrences,
    },
  );
  await follows.settle(written);
  return { task: written, completedSubtasks };
}

/**
 * What a repeating task's write does to next occurrences:
 * - in the write, `occurrences` makes the next occurrence of each repeating task it completes (see
 *   `nextOccurrences`), and writes after it, idempotently, those that did not fit in its transaction;
 * - completed, the next occurrence gets open copies of the sub-tasks that do not repeat (one that repeats
 *   carries on by its own rule), each written on its own with an id derived from both (a retry or a second
 *   completion makes none twice);
 * - reopened, it takes back the next occurrence its completion made, with those copies, while nobody has
 *   touched them (each still open at its first version, deleted in one transaction conditioned on that):
 *   else unticking by mistake (or the assistant's Undo) would leave two open occurrences. One that loses to
 *   an edit stays, and the reopen stands; completing again makes it anew, with the same id.
 */
function nextOccurrenceFollows(caller: Caller, workspaceId: string) {
  let turn: 'completed' | 'reopened' | undefined;
  return {
    occurrences: {
      alsoCreate: async (current: TaskView, next: TaskView, along: readonly AlsoWritten[]) => [...(await nextOccurrences(caller, workspaceId, [[{ before: current, after: next }, ...along]])).values()],
      createAfter: (tasks: readonly AlsoCreated[]) => createEach(caller, workspaceId, tasks),
    },
    note(current: TaskView, next: TaskView): void {
      if (next.repeat === undefined || current.completed === next.completed) turn = undefined;
      else turn = next.completed ? 'completed' : 'reopened';
    },
    settle: (task: TaskView) => (turn ? settleNextOccurrences(caller, workspaceId, [{ turn, task }]) : Promise.resolve()),
  };
}

/**
 * What follows repeating tasks' completions or reopenings once written (see `nextOccurrenceFollows`), a single
 * one's or a bulk write's: one BatchGet of the next occurrences and one Query of sub-tasks per project.
 */
export async function settleNextOccurrences(caller: Caller, workspaceId: string, turned: readonly { turn: 'completed' | 'reopened'; task: TaskView }[]): Promise<void> {
  if (turned.length === 0) return;
  const keysOf = turned.map(({ task }) => keys.projectItem('task', workspaceId, task.projectId, occurrenceIdAfter(task.id)));
  const successors = new Map((await batchGetItems(keysOf, { consistent: true })).map((item) => parseChild('task', item)).map((task) => [task.id, task]));
  const found = turned.flatMap(({ turn, task }) => {
    const successor = successors.get(occurrenceIdAfter(task.id));
    return successor ? [{ turn, task, successor }] : [];
  });
  const projectIds = [...new Set(found.map(({ task }) => task.projectId))];
  const byParent = new Map<string, TaskView[]>();
  for (const subtask of (await Promise.all(projectIds.map((projectId) => listProjectSubtasks(workspaceId, projectId)))).flat()) {
    const key = `${subtask.projectId}/${subtask.parentId ?? ''}`;
    const siblings = byParent.get(key);
    if (siblings) siblings.push(subtask);
    else byParent.set(key, [subtask]);
  }
  const under = (parent: TaskView) => byParent.get(`${parent.projectId}/${parent.id}`) ?? [];
  const untouched = (item: TaskView) => item.version === 1 && !item.completed;
  const copies = found.flatMap(({ turn, task, successor }) =>
    turn === 'completed'
      ? subtasksCarried(task, successor, under(task).filter((subtask) => subtask.repeat === undefined), { idOf: (id) => derivedId(`${successor.id}#${id}`), createdBy: caller.userId, now: successor.createdAt })
      : [],
  );
  await Promise.all([
    createEach(caller, workspaceId, copies.map((copy) => ({ task: copy }))),
    ...found
      .filter(({ turn, successor }) => turn === 'reopened' && untouched(successor) && under(successor).every(untouched))
      .map(({ successor }) => deleteChild('task', workspaceId, successor, under(successor))),
  ]);
}

/**
 * Writes tasks made for a write after it (sub-task copies, next occurrences that did not fit in its
 * transaction), each on its own: one already there (made by an earlier completion, same id) is refused as
 * 'stale' and left as it is; one whose assignee has left the workspace is written unassigned; one whose
 * parent refuses it is written as its `orphan` (a task of its own), or not at all when it has none (a copy
 * whose next occurrence was deleted meanwhile).
 */
async function createEach(caller: Caller, workspaceId: string, tasks: readonly AlsoCreated[]): Promise<void> {
  const create = async (task: TaskView): Promise<ChildWriteOutcome> => {
    const outcome = await createChild('task', workspaceId, task, { author: caller.userId, assignee: task.assignedTo });
    return outcome === 'assignee-missing' ? createChild('task', workspaceId, { ...task, assignedTo: null }, { author: caller.userId }) : outcome;
  };
  await Promise.all(
    tasks.map(async ({ task, orphan }) => {
      const outcome = await create(task);
      if (orphan && (outcome === 'parent-refused' || outcome === 'parent-full')) await create(orphan);
    }),
  );
}

/** A repeat rule the server can read, or a 400 naming `repeat.rule` (nothing written). */
function checkRepeat(repeat: TaskRepeat | null | undefined): void {
  const problem = repeat ? repeatRuleProblem(repeat.rule) : undefined;
  if (problem) throw new BadRequestError(`repeat.rule: ${problem}`, [{ field: 'repeat.rule', message: problem }]);
}

/** Skips this occurrence: the task moves to its rule's next due date, open as it was. */
function withSkip(task: TaskView, skip: true | undefined): TaskView {
  if (!skip) return task;
  const dueDate = task.repeat ? nextDueDate(task.repeat, task, task.dueDate ?? completionDay(task.updatedAt, task.repeat.timeZone)) : undefined;
  if (!dueDate) {
    const message = 'Only a repeating task with an occurrence to come can be skipped';
    throw new BadRequestError(`skipOccurrence: ${message}`, [{ field: 'skipOccurrence', message }]);
  }
  return { ...task, dueDate, ...(task.repeat ? { repeat: repeatKeptToDay(task.repeat, task.dueDate) } : {}) };
}

/**
 * The next occurrences of the repeating tasks that writes complete, by the completed task's id; each write
 * is a task and the tasks written with it (its sub-tasks completed along), the task first. Each id is derived
 * from the completed task's, so completing one occurrence makes at most one next one: a retry, a double
 * click or a second browser finds it there already (or the version changed: 409). Where each goes is
 * `occurrenceHome`'s rule: on the board (the end of To Do); under the parent it had, after its siblings (the
 * write checks that the parent is open, a task of its own and has room, else it is written as `orphan`, on
 * the board); or under the parent's next occurrence, in its place. An assignee who has left the workspace is
 * not carried on. Reads one Query of each project's task places and one membership per assignee, for all
 * the writes together (a bulk completion's hundreds).
 */
export async function nextOccurrences(caller: Caller, workspaceId: string, writes: readonly (readonly AlsoWritten[])[]): Promise<Map<string, AlsoCreated>> {
  const due = writes.flatMap((written) =>
    written.flatMap(({ before, after }) => {
      if (!after.repeat || !after.completed || before.completed) return [];
      const dueDate = nextDueDate(after.repeat, after, completionDay(after.completedAt ?? after.updatedAt, after.repeat.timeZone));
      return dueDate ? [{ done: after, dueDate, head: written[0]?.after ?? after }] : [];
    }),
  );
  if (due.length === 0) return new Map();
  const projectIds = [...new Set(due.map(({ done }) => done.projectId))];
  const assignees = [...new Set(due.flatMap(({ done }) => (done.assignedTo && done.assignedTo !== caller.userId ? [done.assignedTo] : [])))];
  const [places, gone] = await Promise.all([
    Promise.all(projectIds.map(async (projectId) => [projectId, await listTaskPlaces(workspaceId, projectId, { consistent: true })] as const)).then((lists) => new Map(lists)),
    Promise.all(assignees.map(async (userId) => ((await getMembership(workspaceId, userId)) ? [] : [userId]))).then((lists) => new Set(lists.flat())),
  ]);
  // The positions taken so far: each project's To Do column, and each parent's sub-tasks (by project and parent).
  const taken = new Map<string, number[]>();
  const positionsOf = (projectId: string, parentId?: string) => {
    const key = `${projectId}/${parentId ?? ''}`;
    const found = taken.get(key);
    if (found) return found;
    const listed = (places.get(projectId) ?? []).filter((place) => (parentId === undefined ? place.status === 'todo' : place.parentId === parentId)).map((place) => place.position);
    taken.set(key, listed);
    return listed;
  };
  const nextAfter = (positions: number[]) => {
    const position = positionAfterLast(positions);
    positions.push(position);
    return position;
  };
  const successorOf = new Map(due.map(({ done }) => [done.id, occurrenceIdAfter(done.id)]));
  return new Map(
    due.map(({ done, dueDate, head }) => {
      const made = nextOccurrenceOf(done, { id: successorOf.get(done.id) ?? '', dueDate, position: nextAfter(positionsOf(done.projectId)), createdBy: caller.userId, now: done.updatedAt });
      const orphan = made.assignedTo && gone.has(made.assignedTo) ? { ...made, assignedTo: null } : made;
      const home = occurrenceHome(done, head, successorOf);
      if (!home) return [done.id, { task: orphan }];
      // After its parent's sub-tasks; under the parent's next occurrence, where it was.
      const position = home.existing ? nextAfter(positionsOf(done.projectId, home.parentId)) : done.position;
      return [done.id, { task: { ...orphan, parentId: home.parentId, position }, orphan }];
    }),
  );
}

/** The id of the occurrence after `taskId`'s: the same for every completion of it. */
export function occurrenceIdAfter(taskId: string): string {
  return derivedId(`next-occurrence#${taskId}`);
}

/** An id made from a name, in a UUID's shape: the same name, the same id. */
function derivedId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
}

/**
 * A drop on the board: the column's status (with its completion rule) and the new position, in one write
 * (with its open sub-tasks completed, when asked).
 */
export async function moveTaskFor(caller: Caller, workspaceId: string, projectId: string, taskId: string, input: MoveTaskInput): Promise<TaskView> {
  const follows = nextOccurrenceFollows(caller, workspaceId);
  const written = await updateChildIn(
    'task',
    caller,
    { workspaceId, projectId, id: taskId, expectedVersion: input.version },
    (current, now) => ({ ...current, ...applyCompletion(current, { status: input.status }, now), position: input.position }),
    async (current, next) => {
      follows.note(current, next);
      if (next.completed && !current.completed) await checkCompletable(workspaceId, next);
    },
    { along: completingSubtasks(workspaceId, input.completeSubtasks), ...follows.occurrences },
  );
  await follows.settle(written);
  return written;
}

/**
 * Deleting a task deletes its sub-tasks with it, in one transaction that uncounts them all; then their
 * comments (none can be made once the tasks are gone).
 */
export async function deleteTaskFor(caller: Caller, workspaceId: string, projectId: string, taskId: string): Promise<void> {
  let gone: string[] = [taskId];
  await deleteChildIn('task', caller, workspaceId, projectId, taskId, async (task) => {
    const along = await subtasksGoingWith(workspaceId, task);
    gone = [task.id, ...along.map((subtask) => subtask.id)];
    return along;
  });
  await deleteExtrasOfTasks(workspaceId, gone);
}

/** One page of the workspace-wide task index (shared/schemas/task-index.ts): a single Query. */
export async function listTasksFor(caller: Caller, workspaceId: string, query: ListTasksQuery): Promise<TaskPage> {
  const page = await readAsMember(workspaceId, caller.userId, () => readIndexPage(indexQueryFor(workspaceId, query), query));
  return { tasks: page.items.map((item) => parseChild('task', item)), nextCursor: page.nextCursor };
}
