import { randomUUID } from 'node:crypto';
import { sortProjects } from '../../shared/rules/projects.js';
import type { CreateProjectInput, ProjectView, UpdateProjectInput } from '../../shared/schemas/project.js';
import {
  createProject,
  deleteProjectTree,
  getProjectTree,
  listProjectTrees,
  replaceProject,
  type Project,
} from '../data/projects.js';
import type { Caller } from '../lib/caller.js';
import { NotFoundError } from '../lib/errors.js';
import { requireMembership } from './authorize.js';
import { nextRevision, notFoundMessages, requireCurrent, throwUnlessWritten } from './project-writes.js';

/** The view's order of children: tasks by position, milestones by due date, notes newest first. */
function withSortedChildren(project: ProjectView): ProjectView {
  return {
    ...project,
    tasks: [...project.tasks].sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt)),
    milestones: [...project.milestones].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.createdAt.localeCompare(b.createdAt)),
    notes: [...project.notes].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
  };
}

/** The projects in the spec's order (favourites, priority, newest), each with its children. */
/** Any member may read and change the workspace's projects (spec core §6: 'Can view and edit projects'). */
export async function listProjectsFor(caller: Caller, workspaceId: string): Promise<ProjectView[]> {
  await requireMembership(workspaceId, caller.userId);
  return sortProjects((await listProjectTrees(workspaceId)).map(withSortedChildren));
}

export async function getProjectFor(caller: Caller, workspaceId: string, projectId: string): Promise<ProjectView> {
  await requireMembership(workspaceId, caller.userId);
  const project = await getProjectTree(workspaceId, projectId);
  if (!project) throw new NotFoundError(notFoundMessages.project);
  return withSortedChildren(project);
}

export async function createProjectFor(caller: Caller, workspaceId: string, input: CreateProjectInput): Promise<ProjectView> {
  await requireMembership(workspaceId, caller.userId);
  const now = new Date().toISOString();
  const project: Project = {
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
  };
  if ((await createProject(project)) === 'no-workspace') throw new NotFoundError('Workspace not found');
  return { ...project, tasks: [], milestones: [], notes: [] };
}

/**
 * Changes only the fields sent. Archiving stamps archivedAt (an already archived project keeps its first
 * stamp, as a completed task keeps its completedAt); unarchiving clears it.
 */
export async function updateProjectFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  input: UpdateProjectInput,
): Promise<ProjectView> {
  await requireMembership(workspaceId, caller.userId);
  const { version, archived, ...fields } = input;
  const tree = requireCurrent(await getProjectTree(workspaceId, projectId), version, notFoundMessages.project);
  const { tasks, milestones, notes, ...current } = tree;
  const now = new Date().toISOString();
  const next: Project = {
    ...current,
    ...fields,
    ...(archived === undefined
      ? {}
      : { archived, archivedAt: archived ? (current.archived ? (current.archivedAt ?? now) : now) : null }),
    ...nextRevision(current, now),
  };
  throwUnlessWritten(await replaceProject(next, version), notFoundMessages.project);
  return withSortedChildren({ ...next, tasks, milestones, notes });
}

/** Deletes the project with all its tasks, milestones and notes. */
export async function deleteProjectFor(caller: Caller, workspaceId: string, projectId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  if (!(await deleteProjectTree(workspaceId, projectId))) throw new NotFoundError(notFoundMessages.project);
}
