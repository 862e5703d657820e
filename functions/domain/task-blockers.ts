import { blockersFollowing, cyclePath, withBlockers } from '../../shared/rules/task-blockers.js';
import type { TaskRef, TaskView } from '../../shared/schemas/project.js';
import { batchGetItems } from '../data/batch-get.js';
import { keys } from '../data/keys.js';
import { parseChild, replaceTasksIfCurrent } from '../data/project-children.js';
import { everyBlockedTaskOf } from '../data/task-index.js';
import { getWorkspace } from '../data/workspace.js';
import { BadRequestError } from '../lib/errors.js';
import { nextRevision } from './project-writes.js';

/**
 * The server's side of dependencies (issue 31): a task's blockers must be other tasks of its workspace and
 * must not lead back to it; with the workspace's setting on, a task cannot be completed while one is open.
 * A blocker's key holds the workspace, so a task of another workspace is simply not found.
 */

/** How many tasks a cycle check reads at most before it stops looking (a chain that long is not a plan). */
const MAX_CHAIN_READS = 1_000;

function refused(message: string): BadRequestError {
  return new BadRequestError(`blockedBy: ${message}`, [{ field: 'blockedBy', message }]);
}

async function readTasks(workspaceId: string, refs: readonly TaskRef[]): Promise<TaskView[]> {
  const items = await batchGetItems(refs.map((ref) => keys.projectItem('task', workspaceId, ref.projectId, ref.taskId)));
  return items.map((item) => parseChild('task', item));
}

/**
 * Refuses (400, field blockedBy) a list naming the task itself, a task that is not one of this workspace's,
 * or one whose own blockers lead back to the task. `taskId` is undefined for a task being created (nothing
 * can be blocked by it yet).
 */
export async function checkBlockers(workspaceId: string, taskId: string | undefined, refs: readonly TaskRef[]): Promise<void> {
  if (refs.length === 0) return;
  if (taskId !== undefined && refs.some((ref) => ref.taskId === taskId)) throw refused('A task cannot block itself');
  const found = await readTasks(workspaceId, refs);
  const missing = refs.filter((ref) => !found.some((task) => task.id === ref.taskId));
  if (missing.length > 0) throw refused(`Not a task of this workspace: ${missing.map((ref) => ref.taskId).join(', ')}`);
  if (taskId === undefined) return;

  // The blockers' blockers, layer by layer (one BatchGet each), until none are new or enough were read.
  const known = new Map(found.map((task) => [task.id, task]));
  let frontier = found;
  while (frontier.length > 0 && known.size < MAX_CHAIN_READS) {
    const next = frontier.flatMap((task) => task.blockedBy ?? []).filter((ref, index, all) => !known.has(ref.taskId) && all.findIndex((other) => other.taskId === ref.taskId) === index);
    frontier = next.length > 0 ? await readTasks(workspaceId, next) : [];
    for (const task of frontier) known.set(task.id, task);
  }
  const blockersOf = (id: string) => (known.get(id)?.blockedBy ?? []).map((ref) => ref.taskId);
  for (const blocker of found) {
    const path = cyclePath(taskId, blocker.id, blockersOf);
    if (path) {
      const titles = [known.get(taskId)?.title ?? 'this task', ...path.map((id) => known.get(id)?.title ?? id)];
      throw refused(`That would make a cycle: ${titles.join(' → ')} (each waits for the next)`);
    }
  }
}

/** A task's blockers as stored now (one BatchGet), for saying what it waits for; a deleted one is left out. */
export function blockersOf(workspaceId: string, task: TaskView): Promise<TaskView[]> {
  return readTasks(workspaceId, task.blockedBy ?? []);
}

export const BLOCKED_COMPLETION = 'This task is blocked by open tasks';

/**
 * With "A task can't be completed while a task blocking it is open" on (Workspace Settings), refuses to
 * complete a task whose blockers are not all done: 400 on `completed`, naming them.
 */
export async function checkCompletable(workspaceId: string, task: TaskView): Promise<void> {
  if (!task.blockedBy || task.blockedBy.length === 0) return;
  const workspace = await getWorkspace(workspaceId);
  if (!workspace?.blockersMustBeDone) return;
  const open = (await readTasks(workspaceId, task.blockedBy)).filter((blocker) => !blocker.completed);
  if (open.length === 0) return;
  const message = `${BLOCKED_COMPLETION}: ${open.map((blocker) => blocker.title).join(', ')}`;
  throw new BadRequestError(`completed: ${message}`, [{ field: 'completed', message }]);
}

/** How many times a task changed meanwhile is read again and written, before it is left as it is. */
const MAX_FOLLOW_ATTEMPTS = 5;

/**
 * After a bulk move (or its Undo): the tasks that wait for a task of `projectOf` (each task's id and the
 * project it is in now) get refs naming that project, so a moved blocker keeps blocking (a task's key holds
 * its project, and a ref read at the old one would find nothing). The waiting tasks are found in the activity
 * index (every task of the workspace), each read again consistently (at its key in `projectOf` if it moved
 * too) and replaced at the version read through the normal replace path (a new version; the stream tells
 * other browsers); one changed meanwhile is read and written again. Idempotent: a ref naming the project
 * already is left alone. Answers the tasks written, as written.
 */
export async function followMovedBlockers(workspaceId: string, projectOf: ReadonlyMap<string, string>, updatedBy: string): Promise<Map<string, TaskView>> {
  const written = new Map<string, TaskView>();
  if (projectOf.size === 0) return written;
  let waiting: TaskRef[] = (await everyBlockedTaskOf(workspaceId))
    .map((item) => parseChild('task', item))
    .filter((task) => blockersFollowing(task.blockedBy, projectOf) !== undefined)
    .map((task) => ({ projectId: projectOf.get(task.id) ?? task.projectId, taskId: task.id }));
  for (let attempt = 0; attempt < MAX_FOLLOW_ATTEMPTS && waiting.length > 0; attempt += 1) {
    const now = new Date().toISOString();
    const current = (await batchGetItems(waiting.map((ref) => keys.projectItem('task', workspaceId, ref.projectId, ref.taskId)), { consistent: true })).map((item) => parseChild('task', item));
    const writes = current.flatMap((task) => {
      const following = blockersFollowing(task.blockedBy, projectOf);
      return following ? [{ next: { ...withBlockers(task, following), ...nextRevision(task, now) }, expectedVersion: task.version }] : [];
    });
    const refused = await replaceTasksIfCurrent(workspaceId, writes, updatedBy);
    for (const { next } of writes) if (!refused.has(next.id)) written.set(next.id, next);
    waiting = writes.filter(({ next }) => refused.has(next.id)).map(({ next }) => ({ projectId: next.projectId, taskId: next.id }));
  }
  return written;
}
