/**
 * Any member may read and change the workspace's projects (spec core §6: 'Can view and edit projects');
 * deleting one, with all it holds, is for its creator, owners and admins.
 */

import { randomUUID } from 'node:crypto';
import { sortProjects } from '../../shared/rules/projects.js';
import type { CreateProjectInput, ProjectItems, ProjectSummary, UpdateProjectInput } from '../../shared/schemas/project.js';
import { listProjectItems } from '../data/project-children.js';
import { createProject, deleteProjectTree, getProject, listProjects, updateProject } from '../data/projects.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';
import { nextRevision, notFoundMessages, requireCurrent } from './project-writes.js';
import { projectTrash } from './trash.js';

/** The projects as summaries (with their counts), in the spec's order: favourites, priority, newest. */
export async function listProjectsFor(caller: Caller, workspaceId: string): Promise<ProjectSummary[]> {
  return sortProjects(await readAsMember(workspaceId, caller.userId, () => listProjects(workspaceId)));
}

export async function getProjectFor(caller: Caller, workspaceId: string, projectId: string): Promise<ProjectSummary> {
  const project = await readAsMember(workspaceId, caller.userId, () => getProject(workspaceId, projectId));
  if (!project) throw new NotFoundError(notFoundMessages.project);
  return project;
}

/**
 * What one project holds, in the view's order: tasks by position, milestones by due date, notes newest
 * first. One Query of the project's partition. Only an empty answer needs the project itself (an empty
 * project, or none: 404): anything is created in a project only while it exists and is not being deleted,
 * in the same transaction, and a deletion marks the project, takes every child (one consistent read of the
 * partition) and then the project, so a partition holding items belongs to a project. (While a deletion
 * runs, this read may answer the children not yet deleted of a project about to go.)
 */
export async function listProjectItemsFor(caller: Caller, workspaceId: string, projectId: string): Promise<ProjectItems> {
  const items = await readAsMember(workspaceId, caller.userId, () => listProjectItems(workspaceId, projectId));
  const empty = items.tasks.length + items.milestones.length + items.notes.length === 0;
  if (empty && !(await getProject(workspaceId, projectId))) throw new NotFoundError(notFoundMessages.project);
  return {
    tasks: items.tasks.sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt)),
    milestones: items.milestones.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.createdAt.localeCompare(b.createdAt)),
    notes: items.notes.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
  };
}

export async function createProjectFor(caller: Caller, workspaceId: string, input: CreateProjectInput): Promise<ProjectSummary> {
  await requireMembership(workspaceId, caller.userId);
  const now = new Date().toISOString();
  const created = await createProject({
    id: randomUUID(),
    workspaceId,
    name: input.name,
    description: input.description,
    color: input.color,
    deadline: input.deadline,
    priority: input.priority,
    isFavorite: false,
    archived: false,
    archivedAt: null,
    preferredDays: input.preferredDays,
    createdBy: caller.userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
  if (created === 'no-workspace') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  return created;
}

/**
 * Changes only the fields sent. Archiving stamps archivedAt (an already archived project keeps its first
 * stamp, as a completed task keeps its completedAt); unarchiving clears it.
 */
export async function updateProjectFor(caller: Caller, workspaceId: string, projectId: string, input: UpdateProjectInput): Promise<ProjectSummary> {
  const read = await readAsMember(workspaceId, caller.userId, () => getProject(workspaceId, projectId));
  const { version, archived, ...fields } = input;
  const current = requireCurrent(read, version, notFoundMessages.project);
  const now = new Date().toISOString();
  const outcome = await updateProject(
    workspaceId,
    projectId,
    {
      ...fields,
      ...(archived === undefined
        ? {}
        : { archived, archivedAt: archived ? (current.archived ? (current.archivedAt ?? now) : now) : null }),
      ...nextRevision(current, now),
    },
    version,
  );
  if (outcome === 'missing') throw new NotFoundError(notFoundMessages.project);
  if (outcome === 'stale') throw new ConflictError();
  return outcome;
}

/** The refusal (403) of a member who asks to delete a project someone else created. */
export const DELETE_PROJECT_REFUSED = 'Only the person who created this project, an owner or an admin can delete it';

/**
 * Deletes the project with all its tasks, milestones and notes into the Trash (domain/trash.ts), where it
 * waits 30 days with their comments and attachments: owners and admins any project, a member only one they created.
 */
export async function deleteProjectFor(caller: Caller, workspaceId: string, projectId: string): Promise<void> {
  const [membership, project] = await Promise.all([requireMembership(workspaceId, caller.userId), getProject(workspaceId, projectId)]);
  if (!project) throw new NotFoundError(notFoundMessages.project);
  if (membership.role === 'member' && project.createdBy !== caller.userId) throw new ForbiddenError(DELETE_PROJECT_REFUSED);
  if (!(await deleteProjectTree(workspaceId, projectId, projectTrash(workspaceId, caller.userId)))) throw new NotFoundError(notFoundMessages.project);
}
