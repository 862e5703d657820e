import { positionAfterLast } from '../../shared/rules/position.js';
import { applyCompletion } from '../../shared/rules/task-completion.js';
import { MAX_SUBTASKS, type TaskView } from '../../shared/schemas/project.js';
import { getChild, listProjectSubtasks, listSubtasks, listTaskPlaces } from '../data/project-children.js';
import { fieldError, type BadRequestError } from '../lib/errors.js';
import { HOLDS_SUBTASKS, nextRevision, PARENT_FULL, type AlsoWritten } from './project-writes.js';
import { checkCompletable } from './task-blockers.js';

/**
 * The server's side of sub-tasks (issue 36, shared/rules/subtasks.ts): a parent is a task of its own in the
 * same project (its key holds the project, so one elsewhere is simply not found), holding at most
 * MAX_SUBTASKS; a task with sub-tasks stays a task of its own. The reads here answer the usual case with
 * the reason; the write itself checks them again (data/project-children.ts: the parent's item and its
 * sub-task count, the task's own count), so a parent deleted, made a sub-task or filled meanwhile, or a
 * sub-task added to the task meanwhile, refuses it too.
 */

function refused(message: string): BadRequestError {
  return fieldError('parentId', message);
}

/**
 * Refuses (400, field parentId) a parent that is the task itself, not a task of this project, a sub-task, or
 * full, and a task that holds sub-tasks; answers where the new sub-task goes: after its last sibling.
 */
export async function placeUnderParent(workspaceId: string, projectId: string, taskId: string | undefined, parentId: string): Promise<number> {
  if (parentId === taskId) throw refused('A task cannot be its own sub-task');
  const [parent, children, own] = await Promise.all([
    getChild('task', workspaceId, projectId, parentId),
    listSubtasks(workspaceId, projectId, parentId),
    taskId === undefined ? [] : listSubtasks(workspaceId, projectId, taskId),
  ]);
  // The task itself, when it is one of them already, is not a sibling of its own.
  const siblings = children.filter((child) => child.id !== taskId);
  if (!parent) throw refused('Not a task of this project');
  if (parent.parentId !== undefined) throw refused('A sub-task cannot hold sub-tasks of its own');
  if (own.length > 0) throw refused(HOLDS_SUBTASKS);
  if (siblings.length >= MAX_SUBTASKS) throw refused(PARENT_FULL);
  return positionAfterLast(siblings.map((task) => task.position));
}

/** Where a promoted sub-task goes on the board: after every card of the project. */
export async function placeOnBoard(workspaceId: string, projectId: string): Promise<number> {
  return positionAfterLast((await listTaskPlaces(workspaceId, projectId)).map((place) => place.position));
}

/** Whether a task takes its sub-tasks with it when deleted or moved (a sub-task holds none: one level deep). */
const holdsSubtasks = (task: TaskView) => task.parentId === undefined;

/** The sub-tasks that go with a task deleted. */
export function subtasksGoingWith(workspaceId: string, task: TaskView): Promise<TaskView[]> {
  return holdsSubtasks(task) ? listSubtasks(workspaceId, task.projectId, task.id) : Promise.resolve([]);
}

/** The sub-tasks going with each of many tasks (a bulk delete or move), by task id: one Query per project. */
export async function subtasksGoingWithEach(workspaceId: string, tasks: readonly TaskView[]): Promise<Map<string, TaskView[]>> {
  const parents = tasks.filter(holdsSubtasks);
  const projectIds = [...new Set(parents.map((task) => task.projectId))];
  const subtasks = (await Promise.all(projectIds.map((projectId) => listProjectSubtasks(workspaceId, projectId)))).flat();
  return new Map(parents.map((parent) => [parent.id, subtasks.filter((task) => task.projectId === parent.projectId && task.parentId === parent.id)]));
}

/**
 * A parent's open sub-tasks, completed with it in the same write when asked (`completeSubtasks: true`) and
 * the parent is completed by it: for updateChildIn's `along`.
 */
export function completingSubtasks(workspaceId: string, asked: boolean | undefined): (parent: TaskView) => Promise<AlsoWritten[]> {
  return async (parent) => {
    if (asked !== true || !parent.completed) return [];
    const now = parent.updatedAt;
    const open = (await listSubtasks(workspaceId, parent.projectId, parent.id)).filter((task) => !task.completed);
    // The workspace's rule holds for each of them too: one still blocked refuses the whole write.
    await Promise.all(open.map((task) => checkCompletable(workspaceId, task)));
    return open.map((before) => ({ before, after: { ...before, ...applyCompletion(before, { completed: true }, now), ...nextRevision(before, now) } }));
  };
}
