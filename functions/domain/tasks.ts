import { randomUUID } from 'node:crypto';
import { positionAfterLast } from '../../shared/rules/position.js';
import { applyCompletion } from '../../shared/rules/task-completion.js';
import type { CreateTaskInput, MoveTaskInput, TaskView, UpdateTaskInput } from '../../shared/schemas/project.js';
import { getMembership } from '../data/membership.js';
import { listTaskPlaces } from '../data/project-children.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError } from '../lib/errors.js';
import { requireMembership } from './authorize.js';
import { createChildIn, deleteChildIn, updateChildIn } from './project-writes.js';

/** A task can only be assigned to someone who can see it. */
async function requireAssignee(workspaceId: string, assignedTo: string | null | undefined): Promise<void> {
  if (!assignedTo || (await getMembership(workspaceId, assignedTo))) return;
  const message = 'Assignee must be a member of this workspace';
  throw new BadRequestError(`assignedTo: ${message}`, [{ field: 'assignedTo', message }]);
}

/** New tasks start open in To Do unless sent otherwise; a new card goes after the last one of its column. */
export async function createTaskFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  input: CreateTaskInput,
): Promise<TaskView> {
  await requireMembership(workspaceId, caller.userId);
  await requireAssignee(workspaceId, input.assignedTo);
  const now = new Date().toISOString();
  const completion = applyCompletion({ status: 'todo', completed: false, completedAt: null }, { status: input.status }, now);
  const position =
    input.position ??
    positionAfterLast(
      (await listTaskPlaces(workspaceId, projectId)).filter((place) => place.status === completion.status).map((place) => place.position),
    );
  return createChildIn('task', workspaceId, {
    id: randomUUID(),
    projectId,
    title: input.title,
    description: input.description,
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
  });
}

/** Changes only the fields sent; `completed` and `status` follow the completion rules (spec core §4). */
export async function updateTaskFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  taskId: string,
  input: UpdateTaskInput,
): Promise<TaskView> {
  await requireMembership(workspaceId, caller.userId);
  const { version, status, completed, ...fields } = input;
  await requireAssignee(workspaceId, fields.assignedTo);
  return updateChildIn('task', { workspaceId, projectId, id: taskId, expectedVersion: version }, (current, now) => ({
    ...current,
    ...fields,
    ...applyCompletion(current, { status, completed }, now),
  }));
}

/** A drop on the board: the column's status (with its completion rule) and the new position, in one write. */
export async function moveTaskFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  taskId: string,
  input: MoveTaskInput,
): Promise<TaskView> {
  await requireMembership(workspaceId, caller.userId);
  return updateChildIn('task', { workspaceId, projectId, id: taskId, expectedVersion: input.version }, (current, now) => ({
    ...current,
    ...applyCompletion(current, { status: input.status }, now),
    position: input.position,
  }));
}

export async function deleteTaskFor(caller: Caller, workspaceId: string, projectId: string, taskId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  await deleteChildIn('task', workspaceId, projectId, taskId);
}
