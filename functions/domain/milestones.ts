import { randomUUID } from 'node:crypto';
import type { CreateMilestoneInput, MilestoneView, UpdateMilestoneInput } from '../../shared/schemas/project.js';
import type { Caller } from '../lib/caller.js';
import { requireMembership } from './authorize.js';
import { createChildIn, deleteChildIn, updateChildIn } from './project-writes.js';

export async function createMilestoneFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  input: CreateMilestoneInput,
): Promise<MilestoneView> {
  await requireMembership(workspaceId, caller.userId);
  const now = new Date().toISOString();
  return createChildIn('milestone', workspaceId, {
    id: randomUUID(),
    projectId,
    title: input.title,
    description: input.description,
    dueDate: input.dueDate,
    completed: false,
    completedAt: null,
    createdBy: caller.userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
}

/** The completed toggle stamps completedAt (kept while it stays completed) and clears it when undone. */
export async function updateMilestoneFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  milestoneId: string,
  input: UpdateMilestoneInput,
): Promise<MilestoneView> {
  await requireMembership(workspaceId, caller.userId);
  const { version, completed, ...fields } = input;
  return updateChildIn('milestone', { workspaceId, projectId, id: milestoneId, expectedVersion: version }, (current, now) => ({
    ...current,
    ...fields,
    ...(completed === undefined
      ? {}
      : { completed, completedAt: completed ? (current.completed ? (current.completedAt ?? now) : now) : null }),
  }));
}

export async function deleteMilestoneFor(caller: Caller, workspaceId: string, projectId: string, milestoneId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  await deleteChildIn('milestone', workspaceId, projectId, milestoneId);
}
