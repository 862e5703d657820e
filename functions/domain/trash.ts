import * as z from 'zod/mini';
import type { LinkView } from '../../shared/schemas/link.js';
import type { NoteView, TaskView } from '../../shared/schemas/project.js';
import type { ListTrashQuery, RestoredTrashEntry, RestoreTrashInput, TrashKind, TrashPage } from '../../shared/schemas/trash.js';
import { linkItem, parseLink, restoreLink } from '../data/links.js';
import { childItem, getChild, noteRestoration, parseChild, taskRestoration, writeTaskGroupsIfCurrent, type TaskGroupWrite } from '../data/project-children.js';
import { getProject, putRestoredProject, type DeletedProject } from '../data/projects.js';
import { batchGetItems } from '../data/batch-get.js';
import { batchPutItems, type TransactItems } from '../data/table-operations.js';
import { workspaceExists } from '../data/workspace.js';
import {
  deleteTrashParts,
  listTrashEntryIds,
  markTrashRestoring,
  newTrashBatchId,
  purgeTrashEntry,
  putLargeTrashEntry,
  readTrashBatch,
  readTrashEntry,
  restoredEntryRemoval,
  trashEntryId,
  trashPage,
  trashPuts,
  trashPurgeOf,
  trashRemovals,
  type TrashContents,
  type TrashPurge,
} from '../data/trash.js';
import { deleteAttachmentsOfProjectComments } from '../data/attachments.js';
import { deleteCommentsOfProject } from '../data/comments.js';
import { deleteExtrasOfTasks } from '../data/task-extras.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.js';
import { MANAGING_ROLES, requireMembership } from './authorize.js';

/**
 * The workspace's Trash (issue 37). Deleting a task (with its sub-tasks), note, link or project (with all it
 * holds) keeps it here 30 days (data/trash.ts). Owners and admins see and restore every entry; a member sees and restores the entries
 * they deleted (another's is 404 to them, as if not there). Delete forever and Empty trash are for owners
 * and admins (403 otherwise).
 */
export const TRASH_ENTRY_NOT_FOUND = 'Not in the Trash: restored, deleted for good, or never there';
const BEING_RESTORED = 'Its Restore began and did not finish: restore it again to finish it';
const BEING_DELETED = 'It is being deleted by another request: try again in a moment';
const PART_MISSING = 'This item cannot be restored: part of it is missing';
const WORKSPACE_GONE = 'The workspace is being deleted';
const BAD_CURSOR = 'cursor is not one this API made for this question';

export { newTrashBatchId, trashPurgeOf, type TrashPurge };

/** The puts keeping a deleted task and its sub-tasks (`along`) in the trash, in the deletion's transaction. */
export async function taskTrash(workspaceId: string, deletedBy: string, batchId: string, task: TaskView, along: readonly TaskView[]): Promise<TransactItems> {
  const gone = [task, ...along];
  const project = await getProject(workspaceId, task.projectId);
  return trashOf(workspaceId, deletedBy, batchId, { kind: 'task', item: task, projectName: project?.name ?? null }, gone.map((child) => childItem('task', workspaceId, child)));
}

export async function noteTrash(workspaceId: string, deletedBy: string, note: NoteView): Promise<TransactItems> {
  const project = await getProject(workspaceId, note.projectId);
  return trashOf(workspaceId, deletedBy, newTrashBatchId(), { kind: 'note', item: note, projectName: project?.name ?? null }, [childItem('note', workspaceId, note)]);
}

export function linkTrash(deletedBy: string, link: LinkView): TransactItems {
  return trashOf(link.workspaceId, deletedBy, newTrashBatchId(), { kind: 'link', item: { ...link, projectId: null, title: link.title || link.url }, projectName: null }, [linkItem(link)]);
}

function trashOf(
  workspaceId: string,
  deletedBy: string,
  batchId: string,
  { kind, item, projectName }: { kind: TrashKind; item: { id: string; title: string; projectId: string | null }; projectName: string | null },
  items: readonly Record<string, unknown>[],
): TransactItems {
  const entry = { id: trashEntryId(batchId), kind, itemId: item.id, title: item.title, projectId: item.projectId, projectName, deletedBy, deletedAt: new Date().toISOString() };
  return trashPuts(workspaceId, entry, items);
}

/**
 * What a person's project delete hands its deletion (`deleteProjectTree`'s `keep`): the project and all its
 * items kept in one entry, written before anything is deleted (too big for the deletion's transactions:
 * `putLargeTrashEntry`). Its count is the project and its tasks, milestones and notes (not its sub-task counts).
 */
export function projectTrash(workspaceId: string, deletedBy: string): (deleted: DeletedProject) => Promise<void> {
  return async ({ project, trashEntryId: id, items }) => {
    const { id: projectId, name } = z.object({ id: z.string(), name: z.string() }).parse(project);
    const children = items.filter((item) => item.entity === 'Task' || item.entity === 'Milestone' || item.entity === 'Note');
    const entry = { id, kind: 'project' as const, itemId: projectId, title: name, projectId, projectName: name, deletedBy, deletedAt: new Date().toISOString(), itemCount: 1 + children.length };
    if ((await putLargeTrashEntry(workspaceId, entry, [project, ...items])) === 'busy') throw new ConflictError(BEING_DELETED);
  };
}

/** Whether the caller sees (and may restore) the entry: an owner's or admin's every one, a member's own. */
async function visibility(workspaceId: string, caller: Caller): Promise<(contents: TrashContents) => boolean> {
  const membership = await requireMembership(workspaceId, caller.userId);
  const managing = MANAGING_ROLES.includes(membership.role);
  return (contents) => managing || contents.entry.deletedBy === caller.userId;
}

export async function listTrashFor(caller: Caller, workspaceId: string, query: ListTrashQuery): Promise<TrashPage> {
  const membership = await requireMembership(workspaceId, caller.userId);
  const page = await trashPage(workspaceId, query, MANAGING_ROLES.includes(membership.role) ? undefined : caller.userId);
  if (page === 'bad-cursor') throw new BadRequestError(`cursor: ${BAD_CURSOR}`, [{ field: 'cursor', message: BAD_CURSOR }]);
  return page;
}

/** The group that puts an entry's task or note back (into `projectId` when given), with the entry's removal. */
function restorationOf(workspaceId: string, contents: TrashContents, restoredBy: string, projectId: string | undefined): TaskGroupWrite {
  const removal = trashRemovals(workspaceId, contents.entry);
  if (contents.entry.kind === 'note') {
    const note = parseChild('note', contents.items[0] ?? {});
    return noteRestoration(workspaceId, projectId ? { ...note, projectId } : note, restoredBy, removal);
  }
  const tasks = contents.items.map((item) => parseChild('task', item));
  // Into another project the head becomes a task of its own there (a parent is of its own project).
  const moved = projectId
    ? tasks.map((task, index): TaskView => {
        const { parentId: _parent, ...rest } = task;
        return index === 0 ? { ...rest, projectId } : { ...task, projectId };
      })
    : tasks;
  return taskRestoration(workspaceId, moved, restoredBy, removal);
}

/**
 * Restore: the entry's items put back where their ids are free, with its removal, in one transaction; its
 * comments never left. `projectId` puts a task or note into another project of the workspace (400 when it
 * is not one) — the way back for one whose project was deleted, which is otherwise 409 naming it.
 */
export async function restoreTrashEntryFor(caller: Caller, workspaceId: string, entryId: string, { projectId }: RestoreTrashInput): Promise<RestoredTrashEntry> {
  const visible = await visibility(workspaceId, caller);
  const contents = await readTrashEntry(workspaceId, entryId);
  if (!contents || !visible(contents)) throw new NotFoundError(TRASH_ENTRY_NOT_FOUND);
  if (!contents.complete) throw new ConflictError(PART_MISSING);
  const { entry } = contents;
  if (entry.kind === 'project') {
    if (projectId !== undefined) throw new BadRequestError('projectId: a project is restored as itself', [{ field: 'projectId', message: 'A project is restored as itself' }]);
    return restoreProject(workspaceId, contents);
  }
  if (projectId !== undefined) {
    if (entry.kind === 'link') throw new BadRequestError('projectId: a link has no project', [{ field: 'projectId', message: 'A link has no project' }]);
    if (!(await getProject(workspaceId, projectId))) throw new BadRequestError('projectId: not a project of this workspace', [{ field: 'projectId', message: 'Not a project of this workspace' }]);
  }
  const restored =
    entry.kind === 'link'
      ? await restoreLink(parseLink(contents.items[0] ?? {}), trashRemovals(workspaceId, entry))
      : (await writeTaskGroupsIfCurrent(workspaceId, [restorationOf(workspaceId, contents, caller.userId, projectId)])).size === 0;
  if (!restored) await throwWhyNotRestored(workspaceId, contents, projectId ?? entry.projectId);
  return { kind: entry.kind, itemId: entry.itemId, projectId: entry.kind === 'link' ? null : (projectId ?? entry.projectId), itemCount: entry.itemCount };
}

/**
 * A project's Restore, too big for one transaction: the entry marked `restoring` first (data/trash.ts), its
 * items put back in batches (puts of the items as stored: a retry puts them again, the same), then the
 * project itself with the entry's removal in one transaction, so the project is seen only with all it holds,
 * its counts those its items make. A failure half-way leaves the entry marked (listed "restoring"); Restore
 * again finishes it.
 */
async function restoreProject(workspaceId: string, { entry, items }: TrashContents): Promise<RestoredTrashEntry> {
  if (!(await markTrashRestoring(workspaceId, entry))) throw new NotFoundError(TRASH_ENTRY_NOT_FOUND);
  // Nothing put back into a workspace being deleted: its sweep, past its projects, would leave them behind.
  if (!(await workspaceExists(workspaceId))) throw new ConflictError(WORKSPACE_GONE);
  const [project = {}, ...children] = items;
  await batchPutItems(children);
  const refused = await putRestoredProject(workspaceId, project, restoredEntryRemoval(workspaceId, entry.id));
  if (refused === 'entry-gone') throw new NotFoundError(TRASH_ENTRY_NOT_FOUND);
  if (refused === 'no-workspace') throw new ConflictError(WORKSPACE_GONE);
  if (refused) throw new ConflictError('Its id is taken again');
  await deleteTrashParts(workspaceId, entry.id, entry.parts);
  return { kind: 'project', itemId: entry.itemId, projectId: entry.itemId, itemCount: entry.itemCount };
}

/** A refused Restore, explained: restored or purged meanwhile (404), its project gone, its parent gone, or otherwise (409). */
async function throwWhyNotRestored(workspaceId: string, { entry, items }: TrashContents, projectId: string | null): Promise<never> {
  if (!(await readTrashEntry(workspaceId, entry.id))) throw new NotFoundError(TRASH_ENTRY_NOT_FOUND);
  if (!projectId) throw new ConflictError('Its id is taken again, or the workspace is being deleted');
  const project = await getProject(workspaceId, projectId);
  const name = project?.name ?? entry.projectName ?? 'its project';
  if (!project) throw new ConflictError(`The project "${name}" was deleted: restore it into another project`);
  const head = entry.kind === 'task' ? parseChild('task', items[0] ?? {}) : undefined;
  if (head?.parentId && projectId === entry.projectId && !(await getChild('task', workspaceId, projectId, head.parentId))) {
    throw new ConflictError('Its parent task was deleted: restore the parent first, or restore it into a project');
  }
  throw new ConflictError(`Not restored into "${name}": the project is being deleted, or its id is taken again`);
}

/** Delete forever (owners and admins): the entry goes now; its comments go from the stream (data/trash.ts). */
export async function deleteTrashEntryFor(caller: Caller, workspaceId: string, entryId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const contents = await readTrashEntry(workspaceId, entryId);
  if (contents?.entry.restoring) throw new ConflictError(BEING_RESTORED);
  if (!contents || !(await purgeTrashEntry(workspaceId, entryId, contents.entry.parts))) throw new NotFoundError(TRASH_ENTRY_NOT_FOUND);
}

const PURGES_AT_ONCE = 10;

/** Empty trash (owners and admins): every entry deleted for good, a few at a time (but one being restored: see `purgeTrashEntry`). */
export async function emptyTrashFor(caller: Caller, workspaceId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const entries = await listTrashEntryIds(workspaceId);
  for (let start = 0; start < entries.length; start += PURGES_AT_ONCE) {
    await Promise.all(entries.slice(start, start + PURGES_AT_ONCE).map(({ id, parts }) => purgeTrashEntry(workspaceId, id, parts)));
  }
}

/**
 * The entries of one deletion's batch the caller may restore (a bulk delete's Undo), each restored as a
 * Restore does; those refused stay in the trash. Answers the tasks put back and those left.
 */
export async function restoreTrashBatch(caller: Caller, workspaceId: string, batchId: string): Promise<{ restored: TaskView[]; skipped: TaskView[] }> {
  const visible = await visibility(workspaceId, caller);
  const entries = (await readTrashBatch(workspaceId, batchId)).filter((contents) => visible(contents) && contents.complete && contents.entry.kind === 'task');
  if (entries.length === 0) throw new NotFoundError('Nothing to undo: unknown, expired or already undone');
  const refused = await writeTaskGroupsIfCurrent(workspaceId, entries.map((contents) => restorationOf(workspaceId, contents, caller.userId, undefined)));
  const tasksOf = (contents: TrashContents) => contents.items.map((item) => parseChild('task', item));
  return {
    restored: entries.filter(({ entry }) => !refused.has(entry.itemId)).flatMap(tasksOf),
    skipped: entries.filter(({ entry }) => refused.has(entry.itemId)).flatMap(tasksOf),
  };
}

/**
 * What a purged or expired entry leaves behind, deleted for good: its tasks' comments and attachments (whose
 * files the attachment cleanup then deletes from the bucket), and a project's own comments and their files;
 * an expired one's tasks (and project) still there are spared (`TrashPurge.liveCheck`). The stream's
 * activity indexer calls it; idempotent.
 */
export async function purgeTrashed({ workspaceId, taskIds, projectId, liveCheck }: TrashPurge): Promise<void> {
  const [liveTasks, projectLive] = liveCheck
    ? await Promise.all([batchGetItems(liveCheck.taskKeys, { consistent: true }), projectId === undefined ? false : getProject(workspaceId, projectId).then(Boolean)])
    : [[], false];
  const spared = new Set(liveTasks.map((item) => item.id));
  await deleteExtrasOfTasks(workspaceId, taskIds.filter((taskId) => !spared.has(taskId)));
  if (projectId === undefined || projectLive) return;
  await deleteCommentsOfProject(workspaceId, projectId);
  // After the comments: no file is asked for once its comment is gone.
  await deleteAttachmentsOfProjectComments(workspaceId, projectId);
}
