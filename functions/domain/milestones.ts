import { randomUUID } from 'node:crypto';
import { milestoneCompletion } from '../../shared/rules/milestone-completion.js';
import type { CreateMilestoneInput, MilestoneView, UpdateMilestoneInput } from '../../shared/schemas/project.js';
import type { Caller } from '../lib/caller.js';
import { createChildIn, deleteChildIn, updateChildIn } from './project-writes.js';

export function createMilestoneFor(caller: Caller, workspaceId: string, projectId: string, input: CreateMilestoneInput): Promise<MilestoneView> {
  const now = new Date().toISOString();
  return createChildIn('milestone', caller, workspaceId, {
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
export function updateMilestoneFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  milestoneId: string,
  input: UpdateMilestoneInput,
): Promise<MilestoneView> {
  return editMilestone(caller, { workspaceId, projectId, milestoneId }, input);
}

/** An undo: puts fields back as they were, and a milestone completed again gets the completion time it had. */
export function restoreMilestoneFor(
  caller: Caller,
  target: { workspaceId: string; projectId: string; milestoneId: string },
  input: UpdateMilestoneInput,
  completedAt: string | null | undefined,
): Promise<MilestoneView> {
  return editMilestone(caller, target, input, completedAt ?? undefined);
}

function editMilestone(
  caller: Caller,
  { workspaceId, projectId, milestoneId }: { workspaceId: string; projectId: string; milestoneId: string },
  input: UpdateMilestoneInput,
  completedAtBefore?: string,
): Promise<MilestoneView> {
  const { version, completed, ...fields } = input;
  return updateChildIn('milestone', caller, { workspaceId, projectId, id: milestoneId, expectedVersion: version }, (current, now) => ({
    ...current,
    ...fields,
    ...milestoneCompletion(current, completed, now, completedAtBefore),
  }));
}

export function deleteMilestoneFor(caller: Caller, workspaceId: string, projectId: string, milestoneId: string): Promise<void> {
  return deleteChildIn('milestone', caller, workspaceId, projectId, milestoneId);
}
